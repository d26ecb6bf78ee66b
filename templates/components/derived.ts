import type { Lang } from '../../cli/site/lang.ts';
import type { Service, SiteModel } from '../../cli/site/model.ts';
import type { Route, RouteMap } from '../../cli/site/routes.ts';
import type { ServiceText } from '../../cli/site/schema/service.ts';
import type { Locality } from '../../cli/site/schema/locality.ts';
import type { Strings } from '../../cli/site/schema/strings.ts';
import { fill } from '../../cli/site/placeholders.ts';
import { formatList } from '../intl.ts';

// Copy that states how many services or places there are, or names them, takes them from the
// content: a site with two services must not promise eight.

/**
 * The services that have a text in `lang`, each with it, in their order: a language may be partial,
 * and its pages name and link only the services it has.
 */
export const servicesIn = (model: Pick<SiteModel, 'services'>, lang: Lang): { service: Service; text: ServiceText }[] =>
  model.services.flatMap((service) => {
    const text = service[lang];
    return text ? [{ service, text }] : [];
  });

/**
 * The legal texts a page of `lang` links: its language's, or, where the language has none, the
 * first language's (the law asks every page to reach them).
 */
export function legalPagesFor(routes: RouteMap, lang: Lang): readonly Extract<Route, { family: 'legal' }>[] {
  const own = routes.byFamily('legal', lang);
  return own.length > 0 ? own : routes.byFamily('legal', routes.languages[0]!);
}

/** The localities that have a text in `lang`: those its service-in-locality pages exist for. */
export const localitiesIn = (model: Pick<SiteModel, 'localities'>, lang: Lang): SiteModel['localities'] =>
  model.localities.filter((l) => l[lang]);

/** "electricistas, fontaneros y piscinas": the names of the services of `lang`, in their order, as running text. */
export const serviceList = (model: SiteModel, t: Strings, lang: Lang): string =>
  formatList(
    servicesIn(model, lang).map(({ text }) => (t.lowercaseNames ? text.title.toLocaleLowerCase(t.locale) : text.title)),
    t.locale,
  );

/** The same, opening a sentence. */
export const serviceListSentence = (model: SiteModel, t: Strings, lang: Lang): string => {
  const list = serviceList(model, t, lang);
  return list.charAt(0).toLocaleUpperCase(t.locale) + list.slice(1);
};

/** "la Marina Alta y la Marina Baja": the comarcas the localities lie in, in the order they first appear. */
export const comarcaList = (localities: readonly Locality[], t: Strings): string =>
  formatList(
    [...new Set(localities.map((l) => l.comarca))].map((comarca) => fill(t.comarca, { comarca })),
    t.locale,
  );
