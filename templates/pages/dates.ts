import type { Lang } from '../../cli/site/lang.ts';

// Intl.DateTimeFormat's long dates for es-ES and en-GB, spelled out: creating the first
// formatter loads ICU's locale data, ~20 ms in each thread that renders a page.
const months: Record<Lang, readonly string[]> = {
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

/** "2024-03-15" → "15 de marzo de 2024" / "15 March 2024". */
export function formatDate(isoDate: string, lang: Lang): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const name = months[lang][month - 1];
  return lang === 'es' ? `${day} de ${name} de ${year}` : `${day} ${name} ${year}`;
}
