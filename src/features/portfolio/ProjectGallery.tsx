// What a project page shows after its cover (issue 15): the before/after comparison of its
// marked pair, then the thumbnails of its other photos and videos, in the owner's order, each
// opening the one full-screen popup (which shows every photo: the cover first). Thumbnails and
// the comparison's photos load lazily: a project with twenty photos loads twenty small files,
// and only once the visitor scrolls to them.
import { useCallback, useRef, useState, type CSSProperties } from 'react';
import type { GalleryItem, ProjectView } from '../../api/api.enhanced';
import { messages } from '../../messages';
import { imageSizes, isVideo } from '../../components/images';
import { Lightbox, type Slide } from '../../components/Lightbox';
import { Picture } from '../../components/Picture';
import { PlayMark } from '../../components/Video';
import { useHydrated } from '../../components/useHydrated';

const t = messages.site.gallery;

/** The thumbnails' rendered widths (columns of at least 10rem). */
const THUMB_SIZES = '(min-width: 75rem) 12rem, (min-width: 40rem) 25vw, 50vw';

/** The item's alt text, or for a video without one the project's name. */
const altOf = (item: GalleryItem, project: ProjectView) => item.Alt.trim() || item.Caption.trim() || project.Name;

export function ProjectGallery({ project, coverAlt }: { project: ProjectView; coverAlt: string }) {
  const items = project.Gallery ?? [];
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const restoreFocus = useCallback(() => opener.current?.focus(), []);
  if (items.length === 0) return null;

  const before = items.find((item) => item.Pair === 'before');
  const after = items.find((item) => item.Pair === 'after');
  const pair = before && after ? { before, after } : null;
  const thumbnails = items.filter((item) => !pair || (item !== pair.before && item !== pair.after));
  // The popup: the cover, then every item of the gallery, in order.
  const slides: Slide[] = [
    { key: 'cover', name: project.Image, media: project.Media, alt: coverAlt, title: project.Name },
    ...items.map((item) => ({ key: item.Id, name: item.Image, media: item.Media, alt: altOf(item, project), title: item.Caption.trim() || project.Name })),
  ];

  return (
    <>
      {pair ? <BeforeAfter before={pair.before} after={pair.after} project={project} /> : null}
      {thumbnails.length > 0 ? (
        <section className="project-photos" aria-labelledby="photos-du-projet">
          <h2 id="photos-du-projet">{t.photosTitle}</h2>
          <ul className="thumb-grid">
            {thumbnails.map((item) => (
              <li key={item.Id}>
                <figure>
                  <button
                    type="button"
                    className="thumb"
                    aria-label={t.enlarge(altOf(item, project))}
                    onClick={(event) => {
                      opener.current = event.currentTarget;
                      setOpen(items.indexOf(item) + 1);
                    }}
                  >
                    <Picture name={item.Image} media={item.Media} sizes={THUMB_SIZES} alt="" loading="lazy" />
                    {isVideo(item.Media) ? <PlayMark /> : null}
                  </button>
                  {item.Caption.trim() ? <figcaption>{item.Caption}</figcaption> : null}
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {open !== null ? <Lightbox slides={slides} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} restoreFocus={restoreFocus} /> : null}
    </>
  );
}

/**
 * The two photos superposed, the « Avant » one cut at the divider the visitor drags or moves
 * with the arrow keys (a real range input). Without JavaScript (the server's page), both photos
 * one after the other.
 */
function BeforeAfter({ before, after, project }: { before: GalleryItem; after: GalleryItem; project: ProjectView }) {
  const hydrated = useHydrated();
  const [split, setSplit] = useState(50);
  const photo = (item: GalleryItem, label: string) => (
    <Picture name={item.Image} media={item.Media} sizes={imageSizes.project} alt={`${label} : ${altOf(item, project)}`} loading="lazy" />
  );
  return (
    <section className="compare" aria-labelledby="avant-apres">
      <h2 id="avant-apres">{t.compareTitle}</h2>
      {hydrated ? (
        <figure className="compare-frame" style={{ '--split': `${split}%` } as CSSProperties}>
          {photo(after, t.after)}
          <div className="compare-before">{photo(before, t.before)}</div>
          <span className="compare-tag compare-tag-before" aria-hidden="true">
            {t.before}
          </span>
          <span className="compare-tag compare-tag-after" aria-hidden="true">
            {t.after}
          </span>
          <input
            type="range"
            className="compare-range"
            min={0}
            max={100}
            step={1}
            value={split}
            aria-label={t.compareLabel}
            aria-valuetext={t.compareValue(split)}
            onChange={(event) => setSplit(Number(event.target.value))}
          />
        </figure>
      ) : (
        <div className="compare-static">
          <figure>
            {photo(before, t.before)}
            <figcaption>{t.before}</figcaption>
          </figure>
          <figure>
            {photo(after, t.after)}
            <figcaption>{t.after}</figcaption>
          </figure>
        </div>
      )}
      {before.Caption.trim() || after.Caption.trim() ? (
        <p className="compare-captions">
          {[before.Caption.trim() && `${t.before} : ${before.Caption}`, after.Caption.trim() && `${t.after} : ${after.Caption}`].filter(Boolean).join(' — ')}
        </p>
      ) : null}
    </section>
  );
}
