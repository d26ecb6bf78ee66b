import { describe, expect, it } from 'vitest';
import { formatDate } from '../../templates/pages/dates.ts';
import { shippedStrings } from '../helpers.ts';

/** The shipped strings, which say how each language writes a date. */
const strings = { es: await shippedStrings('es'), en: await shippedStrings('en') };

describe('dates shown on pages', () => {
  it('spells every month as Intl.DateTimeFormat does for es-ES and en-GB', () => {
    const options = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const;
    const intl = { es: new Intl.DateTimeFormat('es-ES', options), en: new Intl.DateTimeFormat('en-GB', options) };
    const dates = ['2024-02-29', '2025-12-31', '1999-09-09', '2026-10-01'];
    for (let month = 1; month <= 12; month++) dates.push(`2026-${String(month).padStart(2, '0')}-15`);
    for (const date of dates)
      for (const lang of ['es', 'en'] as const)
        expect(formatDate(date, strings[lang])).toBe(intl[lang].format(new Date(`${date}T00:00:00Z`)));
  });

  it('reads "2024-03-15" as 15 March, whatever the time zone', () => {
    expect(formatDate('2024-03-15', strings.es)).toBe('15 de marzo de 2024');
    expect(formatDate('2024-03-15', strings.en)).toBe('15 March 2024');
  });

  it('writes a date as the strings of its language say, in the order they give', () => {
    const months = Array.from({ length: 12 }, (_, i) => `M${i + 1}`);
    expect(formatDate('2024-03-05', { date: { months, format: '{day}. {month} {year}' } })).toBe('5. M3 2024');
    expect(formatDate('2024-12-31', { date: { months, format: '{month} {day}, {year}' } })).toBe('M12 31, 2024');
  });
});
