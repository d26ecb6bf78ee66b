import type { Lang } from '../cli/site/lang.ts';

// Each formatter is made on first use and kept: making one loads ICU's locale data (~20 ms in each
// thread that renders pages), and most pages need few or none of them.
const locales: Record<Lang, string> = { es: 'es-ES', en: 'en-GB' };
const cache = new Map<string, Intl.NumberFormat | Intl.Collator | Intl.ListFormat>();
const made = <T extends Intl.NumberFormat | Intl.Collator | Intl.ListFormat>(key: string, make: () => T): T => {
  let value = cache.get(key) as T | undefined;
  if (!value) cache.set(key, (value = make()));
  return value;
};

// es-ES leaves four-digit numbers ungrouped by default ("4500"); a price list groups them all.
const numbers = (lang: Lang) => made(`number ${lang}`, () => new Intl.NumberFormat(locales[lang], { useGrouping: 'always' }));
const euros = (lang: Lang) =>
  made(
    `euro ${lang}`,
    () => new Intl.NumberFormat(locales[lang], { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, useGrouping: 'always' }),
  );

/** 4500 → "4.500" / "4,500". */
export const formatNumber = (n: number, lang: Lang): string => numbers(lang).format(n);

/**
 * A band of euros with one currency sign and an en dash between the amounts, the way each language
 * writes it: "4.500–7.000 €", "€4,500–7,000". Intl's own formatRange uses a hyphen in Spanish and
 * repeats the sign in British English.
 */
export function formatEuroRange(from: number, to: number, lang: Lang): string {
  const amount = (n: number) =>
    euros(lang)
      .formatToParts(n)
      .filter((p) => p.type === 'integer' || p.type === 'group' || p.type === 'decimal' || p.type === 'fraction')
      .map((p) => p.value)
      .join('');
  const parts = euros(lang).formatToParts(to);
  const first = parts.findIndex((p) => p.type === 'integer');
  const last = parts.findLastIndex((p) => p.type === 'integer' || p.type === 'fraction');
  const text = (list: Intl.NumberFormatPart[]) => list.map((p) => p.value).join('');
  return `${text(parts.slice(0, first))}${amount(from)}–${amount(to)}${text(parts.slice(last + 1))}`;
}

/** ["a", "b", "c"] → "a, b y c" / "a, b and c". */
export const formatList = (items: readonly string[], lang: Lang): string =>
  made(`list ${lang}`, () => new Intl.ListFormat(locales[lang], { type: 'conjunction' })).format(items);

/** Sorts names as a reader of the language expects: accents and case do not push a name to the end ("Ávila" near "Altea"). */
export const byName = <T>(items: readonly T[], name: (item: T) => string, lang: Lang): T[] => {
  const collator = made(`collator ${lang}`, () => new Intl.Collator(locales[lang]));
  return [...items].sort((a, b) => collator.compare(name(a), name(b)));
};
