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
      <Helmet>
        <title>{fullTitle}</title>
        <meta name="description" content={description} />
        {keywords.length > 0 && <meta name="keywords" content={keywords.join(', ')} />}
        <meta property="og:type" content={type} />
        <meta property="og:site_name" content={model.site.brand} />
        <meta property="og:locale" content={lang === 'es' ? 'es_ES' : 'en_GB'} />
        <meta property="og:title" content={fullTitle} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={absolute(route.path)} />
        <meta property="og:image" content={imageUrl} />
        {img && <meta property="og:image:width" content={String(img.width)} />}
        {img && <meta property="og:image:height" content={String(img.height)} />}
        <meta property="og:image:alt" content={alt} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={fullTitle} />
        <meta name="twitter:description" content={description} />
        <meta name="twitter:image" content={imageUrl} />
        <meta name="twitter:image:alt" content={alt} />
      </Helmet>
      {(jsonLd.length ? jsonLd : [{ '@type': pageType, name: fullTitle, description, url: absolute(route.path), inLanguage: lang }]).map(
        (data, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rendered once to static HTML
          <JsonLd key={i} data={data} />
        ),
      )}
    </>
  );
}
