import type { Lang } from '../../cli/site/lang.ts';
import type { SiteModel } from '../../cli/site/model.ts';
import type { Locality } from '../../cli/site/schema/locality.ts';
import type { Strings } from '../../cli/site/schema/strings.ts';
import { fill } from '../../cli/site/placeholders.ts';
import { formatList } from '../intl.ts';

// Copy that states how many services or places there are, or names them, takes them from the
// content: a site with two services must not promise eight.

/** "electricistas, fontaneros y piscinas": the services' names, in their order, as running text. */
export const serviceList = (model: SiteModel, lang: Lang): string =>
  formatList(
    model.services.map((s) => s[lang].title.toLocaleLowerCase(lang)),
    lang,
  );

/** The same, opening a sentence. */
export const serviceListSentence = (model: SiteModel, lang: Lang): string => {
  const list = serviceList(model, lang);
  return list.charAt(0).toLocaleUpperCase(lang) + list.slice(1);
};

/** "la Marina Alta y la Marina Baja": the comarcas the localities lie in, in the order they first appear. */
export const comarcaList = (localities: readonly Locality[], t: Strings, lang: Lang): string =>
  formatList(
    [...new Set(localities.map((l) => l.comarca))].map((comarca) => fill(t.comarca, { comarca })),
    lang,
  );
