import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Media } from '../../api/api.enhanced';
import { imageSizes, isVideo } from '../../components/images';
import { Picture } from '../../components/Picture';
import { PlayMark } from '../../components/Video';
import { LoadError } from '../../components/LoadError';
import { Own, ownText, useLang } from '../../lib/lang';

/** What a card shows of a project type or a project: its name (and description), its image. */
interface CardRecord {
  Name: string;
  Description?: string;
  Image: string;
  Media?: Media;
  En?: { Name?: unknown; Description?: unknown };
}

interface ThumbnailProps {
  to: string;
  record: CardRecord;
  /** The record's description under its name (the types of a category). */
  described?: boolean;
  /** A card of the small grid (sub-types). */
  small?: boolean;
  /** The first row of a page is above the fold: fetched at once, the rest lazily. */
  eager?: boolean;
}

/** A photo card: the image, the name as the link text, optionally the short description. */
export function Thumbnail({ to, record, described = false, small = false, eager = false }: ThumbnailProps) {
  const { lang } = useLang();
  const { Image: image, Media: media } = record;
  // The owner's texts in the page's language (lib/lang.tsx).
  const name = ownText(lang, record.Name, record.En?.Name);
  const description = described ? ownText(lang, record.Description ?? '', record.En?.Description) : undefined;
  return (
    <li className="card">
      <Link to={to} className="card-link">
        <span className="card-media">
          {image ? (
            <Picture
              name={image}
              media={media}
              sizes={small ? imageSizes.smallCard : imageSizes.card}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : undefined}
            />
          ) : null}
          {isVideo(media) ? <PlayMark /> : null}
        </span>
        <span className="card-title">
          <Own text={name} />
        </span>
      </Link>
      {description?.text ? (
        <p className="card-text" lang={description.lang}>
          {description.text}
        </p>
      ) : null}
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

/**
 * A list page's cards, from its read: the error with its retry, placeholders while it loads, the
 * empty list's sentence, or the grid of `card` (its index: EAGER_CARDS).
 */
export function CardGrid<T>({ read, empty, card }: { read: { isError: boolean; data?: T[]; refetch: () => unknown }; empty: string; card: (item: T, index: number) => ReactNode }) {
  if (read.isError) return <LoadError onRetry={() => void read.refetch()} />;
  if (!read.data) return <ThumbnailPlaceholders />;
  if (read.data.length === 0) return <p>{empty}</p>;
  return <ul className="card-grid">{read.data.map(card)}</ul>;
}

/** Cards up to this index are above the fold on a desktop (first row). */
export const EAGER_CARDS = 3;
