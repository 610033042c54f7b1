import { Link } from 'react-router';
import { imageUrl, photoSize } from '../layout/images';

interface ThumbnailProps {
  to: string;
  name: string;
  image: string;
  description?: string;
  /** The first row of a page is above the fold: fetched at once, the rest lazily. */
  eager?: boolean;
}

/** A photo card: the image, the name as the link text, optionally a short description. */
export function Thumbnail({ to, name, image, description, eager = false }: ThumbnailProps) {
  return (
    <li className="card">
      <Link to={to} className="card-link">
        <span className="card-media">
          {image ? (
            <img
              src={imageUrl(image)}
              alt=""
              width={photoSize.width}
              height={photoSize.height}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : null}
        </span>
        <span className="card-title">{name}</span>
      </Link>
      {description ? <p className="card-text">{description}</p> : null}
    </li>
  );
}

/** Cards of the final size while the list loads (no layout shift). */
export function ThumbnailPlaceholders({ count = 3 }: { count?: number }) {
  return (
    <ul className="card-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="card card-placeholder">
          <span className="card-media" />
          <span className="card-title">&nbsp;</span>
        </li>
      ))}
    </ul>
  );
}

/** Cards up to this index are above the fold on a desktop (first row). */
export const EAGER_CARDS = 3;
