import type { Media } from '../api/api.enhanced';
import { imageUrl, posterUrl } from './images';

interface VideoProps {
  /** The stored MP4 file name (the record's Image). */
  name: string;
  media: Media & { Poster: string };
  /** What the video shows, for assistive technologies (the photo's alt text). */
  label: string;
  autoPlay?: boolean;
  className?: string;
}

/**
 * A video project: its poster until the visitor plays it (preload="metadata": no video bytes
 * before that but the first few kilobytes that give its length), muted, inline on phones, with
 * the browser's controls. The server answers range requests, so seeking works on phones.
 */
export function Video({ name, media, label, autoPlay = false, className }: VideoProps) {
  return (
    <video
      className={className}
      src={imageUrl(name)}
      poster={posterUrl(media)}
      width={media.Width}
      height={media.Height}
      aria-label={label}
      controls
      muted
      playsInline
      autoPlay={autoPlay}
      preload={autoPlay ? 'auto' : 'metadata'}
    />
  );
}

/** The play mark laid over a video's poster in lists and in the carousel. */
export function PlayMark() {
  return (
    <span className="play-mark" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
        <path d="M8 5v14l11-7z" fill="currentColor" />
      </svg>
    </span>
  );
}
