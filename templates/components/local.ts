import { inLang, type Lang } from '../../cli/site/lang.ts';
import type { Locality, LocalityText } from '../../cli/site/schema/locality.ts';

/** Values of the placeholders in per-locality texts (see localPlaceholders in cli/site/model.ts). */
export const localValues = (locality: Locality, lang: Lang, brand: string) => ({
  locality: locality.name,
  comarca: locality.comarca,
  context: inLang<LocalityText>(locality, lang, `the locality "${locality.slug}"`).context,
  brand,
});
