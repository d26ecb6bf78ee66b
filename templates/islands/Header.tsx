import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronDown, Menu, Phone, X } from './icons.tsx';

/** Dropdown timing (spec §4): hover opens after 200 ms, leaving closes after 150 ms, and within
 * 300 ms of a dropdown closing the next one opens at once. */
export const menuDelays = { open: 200, close: 150, skip: 300 };
let lastClosedAt = -Infinity;

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

/** Sticky site header: logo, navigation with the Services disclosure, language toggle, call button. */
export function Header(props: HeaderProps) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const [servicesOpen, setServicesOpenNow] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const servicesButton = useRef<HTMLButtonElement>(null);
  const mobileButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setHydrated(true), []);

  const setServicesOpen = (open: boolean) => {
    clearTimeout(timer.current);
    if (!open && servicesOpen) lastClosedAt = performance.now();
    setServicesOpenNow(open);
  };
  const later = (open: boolean, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setServicesOpen(open), delay);
  };
  // Touch has no hover: a tap is a click, handled by the button.
  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType === 'touch') return;
    if (servicesOpen || performance.now() - lastClosedAt < menuDelays.skip) setServicesOpen(true);
    else later(true, menuDelays.open);
  };
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType !== 'touch') later(false, menuDelays.close);
  };
  const onMenuKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !servicesOpen) return;
    setServicesOpen(false);
    servicesButton.current?.focus();
  };
  const onMobileKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !mobileOpen) return;
    setMobileOpen(false);
    mobileButton.current?.focus();
  };
  return (
    <header onKeyDown={onMobileKeyDown} className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href={props.home.href} className="flex items-center gap-2 text-lg font-extrabold text-sea-900">
          <img src={props.logo.src} width={props.logo.width} height={props.logo.height} alt="" className="size-9" />
          <span>{props.brand}</span>
        </a>
        <nav aria-label={props.navLabel} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <li>
              <a href={props.home.href} className="rounded-md px-3 py-2 font-medium text-slate-700 hover:text-sea-700">
                {props.home.label}
              </a>
            </li>
            <li
              className="relative"
              data-menu
              data-hydrated={hydrated ? '' : undefined}
              onPointerEnter={onPointerEnter}
              onPointerLeave={onPointerLeave}
              onKeyDown={onMenuKeyDown}
              onBlur={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setServicesOpen(false);
              }}
            >
              <button
                ref={servicesButton}
                type="button"
                aria-expanded={servicesOpen}
                aria-controls="services-menu"
                onClick={() => setServicesOpen(!servicesOpen)}
                className="flex items-center gap-1 rounded-md px-3 py-2 font-medium text-slate-700 hover:text-sea-700"
              >
                {props.servicesLabel}
                <ChevronDown className="size-4" />
              </button>
              <div id="services-menu" data-menu-panel hidden={!servicesOpen} className="absolute left-1/2 top-full w-[36rem] -translate-x-1/2 pt-2">
                <ul className="grid grid-cols-2 gap-1 rounded-2xl bg-white p-3 shadow-xl ring-1 ring-slate-200">
                  {props.services.map((s) => (
                    <li key={s.href}>
                      <a href={s.href} className="block rounded-xl p-3 hover:bg-sea-50">
                        <span className="block font-semibold text-sea-900">{s.title}</span>
                        <span className="mt-1 block text-sm text-slate-700">{s.description}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
            {props.links.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-current={link.current ? 'page' : undefined}
                  className="rounded-md px-3 py-2 font-medium text-slate-700 hover:text-sea-700 aria-[current=page]:text-sea-800 aria-[current=page]:underline"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <a
            href={props.language.href}
            hrefLang={props.language.lang}
            lang={props.language.lang}
            aria-label={props.language.ariaLabel}
            className="rounded-md px-2 py-2 text-sm font-semibold text-sea-800 underline-offset-2 hover:underline"
          >
            {props.language.label}
          </a>
          <a
            href={props.call.href}
            className="hidden items-center gap-2 rounded-full bg-terracotta-600 px-4 py-2 font-semibold text-white hover:bg-terracotta-700 sm:inline-flex"
          >
            <Phone className="size-4" />
            {props.call.label}
          </a>
          <button
            ref={mobileButton}
            type="button"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? props.menu.close : props.menu.open}
            onClick={() => setMobileOpen(!mobileOpen)}
            className="inline-flex size-11 items-center justify-center rounded-md text-sea-900 ring-1 ring-slate-200 lg:hidden"
          >
            {mobileOpen ? <X className="size-6" /> : <Menu className="size-6" />}
          </button>
        </div>
      </div>
      <div id="mobile-menu" hidden={!mobileOpen} className="border-t border-slate-200 bg-white lg:hidden">
        <ul className="mx-auto max-w-6xl space-y-1 px-4 py-4">
          <li>
            <a href={props.home.href} className="block rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-sea-50">
              {props.home.label}
            </a>
          </li>
          <li>
            <p className="px-3 pt-2 text-sm font-semibold uppercase tracking-wide text-slate-600">{props.servicesLabel}</p>
            <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
              {props.services.map((s) => (
                <li key={s.href}>
                  <a href={s.href} className="block rounded-md px-3 py-2 text-slate-800 hover:bg-sea-50">
                    {s.title}
                  </a>
                </li>
              ))}
            </ul>
          </li>
          {props.links.map((link) => (
            <li key={link.href}>
              <a href={link.href} className="block rounded-md px-3 py-2 font-medium text-slate-800 hover:bg-sea-50">
                {link.label}
              </a>
            </li>
          ))}
          <li className="pt-2">
            <a href={props.call.href} className="flex items-center justify-center gap-2 rounded-full bg-terracotta-600 px-4 py-3 font-semibold text-white">
              <Phone className="size-4" />
              {props.call.label}
            </a>
          </li>
        </ul>
      </div>
    </header>
  );
}
