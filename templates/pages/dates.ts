import type { Strings } from '../../cli/site/schema/strings.ts';

/** "2024-03-15" → "15 de marzo de 2024" / "15 March 2024": as the language's strings write a date (no ICU data to load). */
export function formatDate(isoDate: string, t: Pick<Strings, 'date'>): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const names: Record<string, string> = { day: String(day), month: t.date.months[month - 1] ?? '', year: String(year) };
  return t.date.format.replace(/\{(day|month|year)\}/g, (_, name: string) => names[name]!);
}
