import { photoFormats, type Photo } from '../../cli/site/model.ts';

const mime = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as const;

/**
 * A photo in every format and size the build made of it: the browser picks the first format it
 * reads, at the width `sizes` says the layout gives it. Width and height keep the space so
 * nothing shifts as it loads. Only the page's main photo (`priority`) loads eagerly.
 */
export function Picture({
  photo,
  alt,
  sizes,
  priority = false,
  className = '',
}: {
  photo: Photo;
  alt: string;
  /** The layout's width for the photo, e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const srcset = (format: (typeof photoFormats)[number]) => photo.variants[format].map((v) => `${v.path} ${v.width}w`).join(', ');
  const jpegs = photo.variants.jpeg;
  // The fallback <img> shows a middle size: enough for a phone, light for old browsers.
  const fallback = jpegs.find((v) => v.width >= 800) ?? jpegs.at(-1)!;
  return (
    <picture>
      {photoFormats
        .filter((format) => format !== 'jpeg')
        .map((format) => (
          <source key={format} type={mime[format]} srcSet={srcset(format)} sizes={sizes} />
        ))}
      <img
        src={fallback.path}
        srcSet={srcset('jpeg')}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={alt}
        className={`h-auto w-full ${className}`}
        {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
      />
    </picture>
  );
}

/** The JPEG closest to 1200 px wide: what shares and structured data point at. */
export const sharedVariant = (photo: Photo) => photo.variants.jpeg.find((v) => v.width >= 1200) ?? photo.variants.jpeg.at(-1)!;
