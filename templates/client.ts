// Hydration entry: finds the islands the server marked and hydrates each with Preact.
// The layout's islands are on every page, so they ship in this file; the others are chunks
// that only the pages having them download.
import { h, hydrate, type ComponentType } from 'preact';
import { CookieConsent } from './islands/CookieConsent.tsx';
import { Header } from './islands/Header.tsx';

type Loader = () => Promise<ComponentType<never>>;
const ready = (component: unknown): Loader => () => Promise.resolve(component as ComponentType<never>);

const islands: Record<string, Loader> = {
  Header: ready(Header),
  CookieConsent: ready(CookieConsent),
  ContactForm: () => import('./islands/ContactForm.tsx').then((m) => m.ContactForm as ComponentType<never>),
  NotFound: () => import('./islands/NotFound.tsx').then((m) => m.NotFound as ComponentType<never>),
};

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const load = islands[element.dataset.island ?? ''];
  if (!load) {
    console.error(`Unknown island "${element.dataset.island}"`);
    continue;
  }
  load().then((Component) => hydrate(h(Component, JSON.parse(element.dataset.props ?? '{}') as never), element));
}
