import { Helmet } from 'react-helmet-async';
import { SamePerLanguage, usePage } from '../context.tsx';
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
  const size = img && { width: String(img.width), height: String(img.height) };
  // The same tags on every page but for their values: rendered once per language and variant (context.tsx).
  return (
    <>
      <SamePerLanguage
        name={`seo ${type}${keywords.length > 0 ? ' keywords' : ''}${size ? ' sized' : ''}`}
        holes={{ title: fullTitle, description, keywords: keywords.join(', '), url: absolute(route.path), image: imageUrl, alt, ...size }}
        head
      >
        {(h) => (
          // Helmet's props, not children: mapping children to props copies them once per tag.
          <Helmet
            title={h.title}
            meta={[
              { name: 'description', content: h.description },
              ...(keywords.length > 0 ? [{ name: 'keywords', content: h.keywords }] : []),
              { property: 'og:type', content: type },
              { property: 'og:site_name', content: model.site.brand },
              { property: 'og:locale', content: lang === 'es' ? 'es_ES' : 'en_GB' },
              { property: 'og:title', content: h.title },
              { property: 'og:description', content: h.description },
              { property: 'og:url', content: h.url },
              { property: 'og:image', content: h.image },
              ...(size
                ? [
                    { property: 'og:image:width', content: h.width! },
                    { property: 'og:image:height', content: h.height! },
                  ]
                : []),
              { property: 'og:image:alt', content: h.alt },
              { name: 'twitter:card', content: 'summary_large_image' },
              { name: 'twitter:title', content: h.title },
              { name: 'twitter:description', content: h.description },
              { name: 'twitter:image', content: h.image },
              { name: 'twitter:image:alt', content: h.alt },
            ]}
          />
        )}
      </SamePerLanguage>
      {(jsonLd.length ? jsonLd : [{ '@type': pageType, name: fullTitle, description, url: absolute(route.path), inLanguage: lang }]).map(
        (data, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rendered once to static HTML
          <JsonLd key={i} data={data} />
        ),
      )}
    </>
  );
}
