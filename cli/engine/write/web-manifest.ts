import type { SiteModel } from '../../site/model.ts';
import { inLang, type Lang, langPrefix } from '../../site/lang.ts';

/** One manifest per language, so an installed site opens in the language it was installed from. */

const manifestIcons = [
  { src: '/images/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/images/icon-512.png', sizes: '512x512', type: 'image/png' },
] as const;

/** The web app manifest of one language. */
export function manifest(model: SiteModel, lang: Lang): string {
  const { brand } = model.site;
  const data = {
    name: brand,
    short_name: brand,
    description: inLang(model.strings, lang, 'the strings').home.seo.description,
    lang,
    start_url: langPrefix(model.site.languages, lang) || '/',
    // A marketing site, not an app: keep the browser's back button and URL bar.
    display: 'minimal-ui',
    theme_color: '#0b4f7c',
    background_color: '#ffffff',
    icons: manifestIcons,
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}
