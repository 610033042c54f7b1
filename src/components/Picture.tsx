import type { ImgHTMLAttributes } from 'react';
import type { Media } from '../api/api.enhanced';
import { imageUrl, isVideo, photoSize, srcSet } from './images';

interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'> {
  /** The stored file name (the record's Image). */
  name: string;
  /** What the server knows of it; without it the file is shown as is. */
  media?: Media;
  /** The rendered width at each viewport width (see imageSizes). */
  sizes: string;
  alt: string;
}

/**
 * A photo of the image library: AVIF, then WebP variants (each in every width the server made),
 * then the original file; `width` and `height` are the photo's own, so the browser reserves its
 * space before it arrives. The caller says how it loads (loading, fetchPriority). A video is
 * shown by its poster (no video byte is fetched): see Video for the player.
 */
export function Picture({ name: stored, media, sizes, alt, ...img }: PictureProps) {
  const name = isVideo(media) ? media.Poster : stored;
  const widths = media?.Widths ?? [];
  const size = media ?? { Width: photoSize.width, Height: photoSize.height };
  const image = <img src={imageUrl(name)} alt={alt} width={size.Width} height={size.Height} decoding="async" {...img} />;
  if (widths.length === 0) return image;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(name, widths, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(name, widths, 'webp')} sizes={sizes} />
      {image}
    </picture>
  );
}
