import type { Lang } from '../../cli/site/lang.ts';

const formats = {
  es: new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** "2024-03-15" → "15 de marzo de 2024" / "15 March 2024". */
export const formatDate = (isoDate: string, lang: Lang): string => formats[lang].format(new Date(`${isoDate}T00:00:00Z`));
