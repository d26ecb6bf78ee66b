import { SamePerLanguage } from '../context.tsx';
import { Island } from './Island.tsx';
import { Phone } from './icons.tsx';
import { MobileMenu, mobileMenuId } from './MobileMenu.tsx';
import { ServicesMenu } from './ServicesMenu.tsx';

export interface HeaderProps {
  brand: string;
  home: { href: string; label: string };
  logo: { src: string; width: number; height: number };
  navLabel: string;
  servicesLabel: string;
  services: { title: string; description: string; href: string }[];
  links: { href: string; label: string; current: boolean }[];
  language: { href: string; label: string; ariaLabel: string; lang: string };
  call: { href: string; label: string };
  menu: { open: string; close: string };
}

const mobileLink = 'block rounded-md px-3 py-2 text-slate-800 hover:bg-sea-50';

/**
 * Sticky site header: logo, navigation with the Services disclosure, language toggle, call button.
 * It is server markup; only the Services disclosure and the mobile menu button hydrate. All but the
 * logo is rendered once per language and current link (the logo's image is left out because React
 * preloads it in the page's head, which a part rendered apart would lose).
 */
export function Header(props: HeaderProps) {
  const current = props.links.find((link) => link.current)?.href ?? '';
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href={props.home.href} className="flex items-center gap-2 text-lg font-extrabold text-sea-900">
          <img src={props.logo.src} width={props.logo.width} height={props.logo.height} alt="" className="size-9" />
          <span>{props.brand}</span>
        </a>
        <SamePerLanguage name={`header-nav ${current}`}>
          <nav aria-label={props.navLabel} className="hidden lg:block">
            <ul className="flex items-center gap-1">
              <li>
                <a href={props.home.href} className="nav-link">
                  {props.home.label}
                </a>
              </li>
              <li>
                <Island name="ServicesMenu" component={ServicesMenu} props={{ label: props.servicesLabel, services: props.services }} />
              </li>
              {props.links.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    aria-current={link.current ? 'page' : undefined}
                    className="nav-link aria-[current=page]:text-sea-800 aria-[current=page]:underline"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </SamePerLanguage>
        <SamePerLanguage name="header-actions" holes={{ language: props.language.href }}>
          {(holes) => (
            <div className="flex items-center gap-2">
              <a
                href={holes.language}
                hrefLang={props.language.lang}
                className="rounded-md px-2 py-2 text-sm font-semibold text-sea-800 underline-offset-2 hover:underline"
              >
                {/* The accessible name must contain the visible label (WCAG 2.5.3), so no aria-label. */}
                <span className="sr-only">{props.language.ariaLabel}: </span>
                <span lang={props.language.lang}>{props.language.label}</span>
              </a>
              <a
                href={props.call.href}
                className="hidden items-center gap-2 rounded-full bg-terracotta-600 px-4 py-2 font-semibold text-white hover:bg-terracotta-700 sm:inline-flex"
              >
                <Phone className="size-4" />
                {props.call.label}
              </a>
              <Island name="MobileMenu" component={MobileMenu} props={props.menu} />
            </div>
          )}
        </SamePerLanguage>
      </div>
      <SamePerLanguage name={`header-mobile ${current}`}>
        <div id={mobileMenuId} hidden className="border-t border-slate-200 bg-white lg:hidden">
          <ul className="mx-auto max-w-6xl space-y-1 px-4 py-4">
            <li>
              <a href={props.home.href} className={`${mobileLink} font-medium`}>
                {props.home.label}
              </a>
            </li>
            <li>
              <p className="px-3 pt-2 text-sm font-semibold uppercase tracking-wide text-slate-600">{props.servicesLabel}</p>
              <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
                {props.services.map((s) => (
                  <li key={s.href}>
                    <a href={s.href} className={mobileLink}>
                      {s.title}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
            {props.links.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={link.current ? 'page' : undefined} className={`${mobileLink} font-medium`}>
                  {link.label}
                </a>
              </li>
            ))}
            <li className="pt-2">
              <a
                href={props.call.href}
                className="flex items-center justify-center gap-2 rounded-full bg-terracotta-600 px-4 py-3 font-semibold text-white"
              >
                <Phone className="size-4" />
                {props.call.label}
              </a>
            </li>
          </ul>
        </div>
      </SamePerLanguage>
    </header>
  );
}
