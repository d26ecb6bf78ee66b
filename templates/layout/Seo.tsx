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
        {(values) => <SeoTags type={type} keywords={keywords.length > 0} sized={size !== undefined} values={values} />}
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

/** Helmet's title and meta tags for Seo's values; `keywords` and `sized` tell whether those tags are there. */
function SeoTags({
  type,
  keywords,
  sized,
  values: v,
}: {
  type: string;
  keywords: boolean;
  sized: boolean;
  values: Record<string, string>;
}) {
  const { model, lang } = usePage();
  return (
    // Helmet's props, not children: mapping children to props copies them once per tag.
    <Helmet
      title={v.title}
      meta={[
        { name: 'description', content: v.description },
        ...(keywords ? [{ name: 'keywords', content: v.keywords }] : []),
        { property: 'og:type', content: type },
        { property: 'og:site_name', content: model.site.brand },
        { property: 'og:locale', content: lang === 'es' ? 'es_ES' : 'en_GB' },
        { property: 'og:title', content: v.title },
        { property: 'og:description', content: v.description },
        { property: 'og:url', content: v.url },
        { property: 'og:image', content: v.image },
        ...(sized
          ? [
              { property: 'og:image:width', content: v.width! },
              { property: 'og:image:height', content: v.height! },
            ]
          : []),
        { property: 'og:image:alt', content: v.alt },
        { name: 'twitter:card', content: 'summary_large_image' },
        { name: 'twitter:title', content: v.title },
        { name: 'twitter:description', content: v.description },
        { name: 'twitter:image', content: v.image },
        { name: 'twitter:image:alt', content: v.alt },
      ]}
    />
  );
}
