// What a project page shows after its cover (issue 15): the before/after comparison of its
// marked pair, then the thumbnails of its other photos and videos, in the owner's order, each
// opening the one full-screen popup (which shows every photo: the cover first). Thumbnails and
// the comparison's photos load lazily: a project with twenty photos loads twenty small files,
// and only once the visitor scrolls to them.
import { useCallback, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { GalleryItem, ProjectView } from '../../api/api.enhanced';
import { imageSizes, isVideo } from '../../components/images';
import { LazyLightbox, type Slide } from '../../components/LazyLightbox';
import { Picture } from '../../components/Picture';
import { PlayMark } from '../../components/Video';
import { useHydrated } from '../../components/useHydrated';
import { messagesOf, Own, ownText, useLang, type OwnText } from '../../lib/lang';

/** The thumbnails' rendered widths (columns of at least 10rem). */
const THUMB_SIZES = '(min-width: 75rem) 12rem, (min-width: 40rem) 25vw, 50vw';

/** An item's words in the page's language: its caption, and its alt text (or for a video without one, its caption or the project's name). */
function wordsOf(item: GalleryItem, lang: ReturnType<typeof useLang>['lang'], projectName: OwnText) {
  const caption = ownText(lang, item.Caption.trim(), item.En?.Caption);
  const alt = ownText(lang, item.Alt.trim(), item.En?.Alt);
  return { caption, alt: alt.text ? alt : caption.text ? caption : projectName };
}

/**
 * True when `text` starts with one of `labels` as a word (« Avant : un seul crochet… »): the
 * owner often writes the label into a caption, which then says it once, not twice.
 */
function saysLabel(text: string, labels: string[]): boolean {
  const start = text.trim().toLocaleLowerCase();
  return labels.some((label) => {
    const word = label.toLocaleLowerCase();
    return start.startsWith(word) && !/^[\p{L}\p{N}]/u.test(start.slice(word.length));
  });
}

export function ProjectGallery({ project, name, coverAlt }: { project: ProjectView; name: OwnText; coverAlt: OwnText }) {
  const { lang, t: catalogue } = useLang();
  const t = catalogue.site.gallery;
  const items = project.Gallery ?? [];
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const restoreFocus = useCallback(() => opener.current?.focus(), []);
  if (items.length === 0) return null;
  const words = (item: GalleryItem) => wordsOf(item, lang, name);
  const before = items.find((item) => item.Pair === 'before');
  const after = items.find((item) => item.Pair === 'after');
  const pair = before && after ? { before, after } : null;
  const thumbnails = items.filter((item) => !pair || (item !== pair.before && item !== pair.after));
  // The popup: the cover, then every item of the gallery, in order.
  const slides: Slide[] = [
    { key: 'cover', name: project.Image, media: project.Media, alt: coverAlt, title: name },
    ...items.map((item) => {
      const { caption, alt } = words(item);
      return { key: item.Id, name: item.Image, media: item.Media, alt, title: caption.text ? caption : name };
    }),
  ];
  return (
    <>
      {pair ? <BeforeAfter before={pair.before} after={pair.after} words={words} /> : null}
      {thumbnails.length > 0 ? (
        <section className="project-photos" aria-labelledby="photos-du-projet">
          <h2 id="photos-du-projet">{t.photosTitle}</h2>
          <ul className="thumb-grid">
            {thumbnails.map((item) => {
              const { caption, alt } = words(item);
              return (
                <li key={item.Id}>
                  <figure>
                    {/*
                      The alt text is the image's (image search reads it); the button's name says
                      « Agrandir : » and that text, and a button's content is presentational, so a
                      screen reader says the text once.
                    */}
                    <button
                      type="button"
                      className="thumb"
                      aria-label={t.enlarge(alt.text)}
                      onClick={(event) => {
                        opener.current = event.currentTarget;
                        setOpen(items.indexOf(item) + 1);
                      }}
                    >
                      <Picture name={item.Image} media={item.Media} sizes={THUMB_SIZES} alt={alt.text} lang={alt.lang} loading="lazy" />
                      {isVideo(item.Media) ? <PlayMark /> : null}
                    </button>
                    {caption.text ? (
                      <figcaption lang={caption.lang}>{caption.text}</figcaption>
                    ) : null}
                  </figure>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {open !== null ? (
        <LazyLightbox slides={slides} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} restoreFocus={restoreFocus} />
      ) : null}
    </>
  );
}

/**
 * The two photos superposed, the « Avant » one cut at the divider the visitor drags or moves
 * with the arrow keys (a real range input). Without JavaScript (the server's page), both photos
 * one after the other. Each photo's words follow its label once: a caption or an alt text that
 * already starts with the label (in the page's language or in French) is not labelled again.
 */
function BeforeAfter({ before, after, words }: { before: GalleryItem; after: GalleryItem; words: (item: GalleryItem) => { caption: OwnText; alt: OwnText } }) {
  const { t: catalogue } = useLang();
  const t = catalogue.site.gallery;
  const french = messagesOf('fr').site.gallery;
  const hydrated = useHydrated();
  const [split, setSplit] = useState(50);
  const labels = { before: [t.before, french.before], after: [t.after, french.after] };
  const label = (which: 'before' | 'after', text: string) => (saysLabel(text, labels[which]) ? text : t.labelled(t[which], text));
  const photo = (item: GalleryItem, which: 'before' | 'after') => {
    const { alt } = words(item);
    return <Picture name={item.Image} media={item.Media} sizes={imageSizes.project} alt={label(which, alt.text)} lang={alt.lang} loading="lazy" />;
  };
  /** « Avant : {caption} », the owner's words marked when French on an English page. */
  const captionOf = (item: GalleryItem, which: 'before' | 'after'): ReactNode => {
    const { caption } = words(item);
    if (!caption.text) return null;
    return saysLabel(caption.text, labels[which]) ? <Own text={caption} /> : <Own text={caption} within={(text) => t.labelled(t[which], text)} />;
  };
  const captions = [captionOf(before, 'before'), captionOf(after, 'after')].filter((caption) => caption !== null);
  return (
    <section className="compare" aria-labelledby="avant-apres">
      <h2 id="avant-apres">{t.compareTitle}</h2>
      {hydrated ? (
        <figure className="compare-frame" style={{ '--split': `${split}%` } as CSSProperties}>
          {photo(after, 'after')}
          <div className="compare-before">{photo(before, 'before')}</div>
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
            {photo(before, 'before')}
            <figcaption>{t.before}</figcaption>
          </figure>
          <figure>
            {photo(after, 'after')}
            <figcaption>{t.after}</figcaption>
          </figure>
        </div>
      )}
      {captions.length > 0 ? (
        <p className="compare-captions">
          {captions[0]}
          {captions.length > 1 ? ' — ' : null}
          {captions[1]}
        </p>
      ) : null}
    </section>
  );
}
