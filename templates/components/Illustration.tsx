import type { Image } from '../../cli/site/model.ts';
import { usePage } from '../context.tsx';

/**
 * An illustration of content/images/, published as it is, at its intrinsic size so nothing shifts
 * as it loads. `lazy` below the fold; `priority` for the image that leads the page.
 */
export function Illustration({
  image,
  alt = '',
  className,
  lazy = false,
  priority = false,
}: {
  image: Image;
  alt?: string;
  className?: string;
  lazy?: boolean;
  priority?: boolean;
}) {
  const { image: url } = usePage();
  return (
    <img
      src={url(image.name)}
      width={image.width}
      height={image.height}
      alt={alt}
      className={className}
      loading={lazy ? 'lazy' : undefined}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
