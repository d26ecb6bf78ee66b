import { Helmet } from 'react-helmet-async';
import { usePage } from '../context.tsx';
import { JsonLd } from '../components/ui.tsx';

const maxTitleLength = 70;

/** Per-page head: title, description, keywords, Open Graph and Twitter card, structured data. */
export function Seo({
  title,
  description,
  keywords = [],
  image = 'og-image.png',
  imageAlt,
  shareImage,
  type = 'website',
  jsonLd = [],
  pageType = 'WebPage',
}: {
  title: string;
  description: string;
  keywords?: readonly string[];
  /** A file of content/images/ shown when the page is shared, and what it shows (the default image's by default). */
  image?: string;
  imageAlt?: string;
  /** A photo to share instead, by its absolute URL. */
  shareImage?: { url: string; width: number; height: number; alt: string };
  type?: 'website' | 'article';
  /** Structured data of the page's subject; without any, the page describes itself as a `pageType`. */
  jsonLd?: object[];
  pageType?: 'WebPage' | 'AboutPage' | 'CollectionPage' | 'ContactPage';
}) {
  const { model, route, absolute, lang, t } = usePage();
  const alt = shareImage?.alt ?? imageAlt ?? t.shareImageAlt;
  // Search results cut titles near 70 characters; the page's own words matter more than the brand.
  const branded = `${title} | ${model.site.brand}`;
  const fullTitle = branded.length <= maxTitleLength ? branded : title;
  const imageUrl = shareImage?.url ?? absolute(`/images/${image}`);
  const img = shareImage ?? model.images.get(image);
  return (
    <>
      <Helmet
        title={fullTitle}
        // Helmet's props, not children: mapping children to props copies them once per tag.
        meta={[
          { name: 'description', content: description },
          ...(keywords.length > 0 ? [{ name: 'keywords', content: keywords.join(', ') }] : []),
          { property: 'og:type', content: type },
          { property: 'og:site_name', content: model.site.brand },
          { property: 'og:locale', content: t.locale.replace('-', '_') },
          { property: 'og:title', content: fullTitle },
          { property: 'og:description', content: description },
          { property: 'og:url', content: absolute(route.path) },
          { property: 'og:image', content: imageUrl },
          ...(img
            ? [
                { property: 'og:image:width', content: String(img.width) },
                { property: 'og:image:height', content: String(img.height) },
              ]
            : []),
          { property: 'og:image:alt', content: alt },
          { name: 'twitter:card', content: 'summary_large_image' },
          { name: 'twitter:title', content: fullTitle },
          { name: 'twitter:description', content: description },
          { name: 'twitter:image', content: imageUrl },
          { name: 'twitter:image:alt', content: alt },
        ]}
      />
      {(jsonLd.length ? jsonLd : [{ '@type': pageType, name: fullTitle, description, url: absolute(route.path), inLanguage: lang }]).map(
        (data, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rendered once to static HTML
          <JsonLd key={i} data={data} />
        ),
      )}
    </>
  );
}
