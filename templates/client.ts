// Hydration entry: finds the islands the server marked and hydrates each with Preact.
// The layout's islands are on every page, so they ship in this file; the others are chunks
// that only the pages having them download.
import { h, hydrate, render, type ComponentType } from 'preact';
import { CookieConsent } from './islands/CookieConsent.tsx';
import { MobileMenu } from './islands/MobileMenu.tsx';
import { ServicesMenu } from './islands/ServicesMenu.tsx';

type Island = ComponentType<never>;

const islands: Record<string, () => Island | Promise<Island>> = {
  ServicesMenu: () => ServicesMenu as Island,
  MobileMenu: () => MobileMenu as Island,
  CookieConsent: () => CookieConsent as Island,
  ContactForm: () => import('./islands/ContactForm.tsx').then((m) => m.ContactForm as Island),
  NotFound: () => import('./islands/NotFound.tsx').then((m) => m.NotFound as Island),
  RetryLink: () => import('./islands/RetryLink.tsx').then((m) => m.RetryLink as Island),
};

/** Hydrates the islands of the page. `dev` calls it again after putting a rebuilt page in place. */
export function hydrateIslands(): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island!;
    const load = islands[name];
    if (!load) console.error(`Unknown island "${name}"`);
    else Promise.resolve(load()).then((Component) => hydrate(h(Component, JSON.parse(element.dataset.props!) as never), element));
  }
}

/** Unmounts the islands, so that their effects clean up: `dev` calls it before replacing the page. */
export function unmountIslands(): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) render(null, element);
}

hydrateIslands();
