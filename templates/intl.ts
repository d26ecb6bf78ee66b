// Each formatter is made on first use and kept: making one loads ICU's locale data (~20 ms in each
// thread that renders pages), and most pages need few or none of them. Each takes the page's
// locale, from its language's strings (`locale`: "es-ES").
const cache = new Map<string, Intl.NumberFormat | Intl.Collator | Intl.ListFormat>();
const made = <T extends Intl.NumberFormat | Intl.Collator | Intl.ListFormat>(key: string, make: () => T): T => {
  let value = cache.get(key) as T | undefined;
  if (!value) cache.set(key, (value = make()));
  return value;
};

// es-ES leaves four-digit numbers ungrouped by default ("4500"); a price list groups them all.
const numbers = (locale: string) => made(`number ${locale}`, () => new Intl.NumberFormat(locale, { useGrouping: 'always' }));
const euros = (locale: string) =>
  made(
    `euro ${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, useGrouping: 'always' }),
  );

/** 4500 → "4.500" / "4,500". */
export const formatNumber = (n: number, locale: string): string => numbers(locale).format(n);

/**
 * A band of euros with one currency sign and an en dash between the amounts, the way each language
 * writes it: "4.500–7.000 €", "€4,500–7,000". Intl's own formatRange uses a hyphen in Spanish and
 * repeats the sign in British English.
 */
export function formatEuroRange(from: number, to: number, locale: string): string {
  const amount = (n: number) =>
    euros(locale)
      .formatToParts(n)
      .filter((p) => p.type === 'integer' || p.type === 'group' || p.type === 'decimal' || p.type === 'fraction')
      .map((p) => p.value)
      .join('');
  const parts = euros(locale).formatToParts(to);
  const first = parts.findIndex((p) => p.type === 'integer');
  const last = parts.findLastIndex((p) => p.type === 'integer' || p.type === 'fraction');
  const text = (list: Intl.NumberFormatPart[]) => list.map((p) => p.value).join('');
  return `${text(parts.slice(0, first))}${amount(from)}–${amount(to)}${text(parts.slice(last + 1))}`;
}

/** ["a", "b", "c"] → "a, b y c" / "a, b and c". */
export const formatList = (items: readonly string[], locale: string): string =>
  made(`list ${locale}`, () => new Intl.ListFormat(locale, { type: 'conjunction' })).format(items);

/** Sorts names as a reader of the language expects: accents and case do not push a name to the end ("Ávila" near "Altea"). */
export const byName = <T>(items: readonly T[], name: (item: T) => string, locale: string): T[] => {
  const collator = made(`collator ${locale}`, () => new Intl.Collator(locale));
  return [...items].sort((a, b) => collator.compare(name(a), name(b)));
};
