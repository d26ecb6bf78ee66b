import { inLang } from '../../cli/site/lang.ts';
import { routeKey } from '../../cli/site/routes.ts';
import { noBreak } from '../no-break.ts';
import { usePage } from '../context.tsx';
import { Island } from './Island.tsx';
import { Shared } from '../layout/Shared.tsx';
import { ChevronDown, Phone } from './icons.tsx';
import { MobileMenu, mobileMenuId } from './MobileMenu.tsx';
import { ServicesMenu } from './ServicesMenu.tsx';
import { servicesIn } from '../components/derived.ts';

/** The links after the Services menu, which a page of theirs shows as the current one. */
const navKeys = ['about', 'contact', 'blog'] as const;

/** What the header's navigation and actions show, the same on every page of a language. */
function useHeader() {
  const { model, t, lang, href, routes } = usePage();
  return {
    home: { href: href(routeKey.home()), label: t.nav.home },
    navLabel: t.nav.label,
    servicesLabel: t.nav.services,
    services: servicesIn(model, lang).map(({ service, text }) => ({
      title: text.title,
      description: text.menuDescription,
      href: href(routeKey.service(service)),
    })),
    // A language without posts has no blog to link.
    links: navKeys.flatMap((key) => {
      const page = routes.find(key, lang);
      return page ? [{ key, href: page.path, label: t.nav[key] }] : [];
    }),
    languageMenu: t.languageMenu,
    call: { href: `tel:${model.site.phone.e164}`, label: noBreak(t.buttons.callNow) },
    menu: { open: t.nav.openMenu, close: t.nav.closeMenu },
  };
}

const mobileLink = 'block rounded-md px-3 py-2 text-slate-800 hover:bg-sea-50';

/**
 * Sticky site header: logo, navigation with the Services disclosure, language toggle, call button.
 * It is server markup; only the Services disclosure and the mobile menu button hydrate.
 */
export function Header() {
  const { route, routes, model, href } = usePage();
  const header = useHeader();
  const logo = model.images.get('logo.svg');
  const current = navKeys.find((key) => key === route.key) ?? '';
  // The page in each other language it exists in, named in that language.
  const languages = routes
    .counterparts(route)
    .filter((r) => r !== route)
    .map((r) => {
      const strings = inLang(model.strings, r.lang, 'the strings');
      return { href: r.path, lang: r.lang, name: strings.languageName, label: strings.switchLanguageLabel };
    });
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href={href(routeKey.home())} className="flex items-center gap-2 text-lg font-extrabold text-sea-900">
          <img src="/images/logo.svg" width={logo?.width ?? 48} height={logo?.height ?? 48} alt="" className="size-9" />
          <span>{model.site.brand}</span>
        </a>
        <Shared name="navigation" state={current}>
          <Navigation header={header} current={current} />
        </Shared>
        <Actions header={header} languages={languages} />
      </div>
      <Shared name="mobile-navigation" state={current}>
        <MobileNavigation header={header} current={current} />
      </Shared>
    </header>
  );
}

type HeaderTexts = ReturnType<typeof useHeader>;

function Navigation({ header, current }: { header: HeaderTexts; current: string }) {
  return (
    <nav aria-label={header.navLabel} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        <li>
          <a href={header.home.href} className="nav-link">
            {header.home.label}
          </a>
        </li>
        <li>
          <Island name="ServicesMenu" component={ServicesMenu} props={{ label: header.servicesLabel, services: header.services }} />
        </li>
        {header.links.map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              aria-current={link.key === current ? 'page' : undefined}
              className="nav-link aria-[current=page]:text-sea-800 aria-[current=page]:underline"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type OtherLanguage = { href: string; lang: string; name: string; label: string };

/**
 * A link to the page in another language, in that language: its name, and for screen readers what
 * it does. The accessible name must contain the visible label (WCAG 2.5.3), so no aria-label.
 */
function LanguageLink({ language, className }: { language: OtherLanguage; className: string }) {
  return (
    <a href={language.href} hrefLang={language.lang} lang={language.lang} className={className}>
      <span className="sr-only">{language.label}: </span>
      {language.name}
    </a>
  );
}

const languageLink = 'rounded-md px-2 py-2 text-sm font-semibold text-sea-800 underline-offset-2 hover:underline';

/** The switch to the page's other languages: a link for one, a small menu for more (a disclosure, without script). */
function LanguageSwitch({ languages, label }: { languages: OtherLanguage[]; label: string }) {
  if (languages.length === 0) return null;
  if (languages.length === 1) return <LanguageLink language={languages[0]!} className={languageLink} />;
  return (
    <details className="relative">
      <summary className={`${languageLink} flex cursor-pointer list-none items-center gap-1`}>
        {label}
        <ChevronDown className="size-4" />
      </summary>
      <ul className="absolute right-0 z-50 mt-1 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
        {languages.map((language) => (
          <li key={language.lang}>
            <LanguageLink language={language} className={`block ${languageLink}`} />
          </li>
        ))}
      </ul>
    </details>
  );
}

function Actions({ header, languages }: { header: HeaderTexts; languages: OtherLanguage[] }) {
  return (
    <div className="flex items-center gap-2">
      <LanguageSwitch languages={languages} label={header.languageMenu} />
      <a
        href={header.call.href}
        className="hidden items-center gap-2 rounded-full bg-terracotta-600 px-4 py-2 font-semibold text-white hover:bg-terracotta-700 sm:inline-flex"
      >
        <Phone className="size-4" />
        {header.call.label}
      </a>
      <Island name="MobileMenu" component={MobileMenu} props={header.menu} />
    </div>
  );
}

function MobileNavigation({ header, current }: { header: HeaderTexts; current: string }) {
  return (
    <div id={mobileMenuId} hidden className="border-t border-slate-200 bg-white lg:hidden">
      <ul className="mx-auto max-w-6xl space-y-1 px-4 py-4">
        <li>
          <a href={header.home.href} className={`${mobileLink} font-medium`}>
            {header.home.label}
          </a>
        </li>
        <li>
          <p className="px-3 pt-2 text-sm font-semibold uppercase tracking-wide text-slate-600">{header.servicesLabel}</p>
          <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            {header.services.map((s) => (
              <li key={s.href}>
                <a href={s.href} className={mobileLink}>
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </li>
        {header.links.map((link) => (
          <li key={link.href}>
            <a href={link.href} aria-current={link.key === current ? 'page' : undefined} className={`${mobileLink} font-medium`}>
              {link.label}
            </a>
          </li>
        ))}
        <li className="pt-2">
          <a
            href={header.call.href}
            className="flex items-center justify-center gap-2 rounded-full bg-terracotta-600 px-4 py-3 font-semibold text-white"
          >
            <Phone className="size-4" />
            {header.call.label}
          </a>
        </li>
      </ul>
    </div>
  );
}
