import { useEffect, useRef, type KeyboardEvent, type TouchEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import type { Media } from '../api/api.enhanced';
import { Own, useLang, type OwnText } from '../lib/lang';
import { imageSizes, isVideo } from './images';
import { Picture } from './Picture';
import { Video } from './Video';
import { useSwipe } from './useSwipe';

/** One photo or video of the popup. */
export interface Slide {
  key: string | number;
  /** The stored file name. */
  name: string;
  media?: Media;
  /** Owner's texts in the page's language (see lib/lang.tsx). */
  alt: OwnText;
  /** The dialog's name and the photo's caption. */
  title: OwnText;
  /** A link after the caption (the welcome carousel's « Voir le projet »). */
  link?: { to: string; label: string };
}

interface LightboxProps {
  slides: Slide[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Called once the dialog is gone, to put the focus back where it came from. */
  restoreFocus: () => void;
}

/**
 * The one full-screen photo popup (the welcome carousel's projects, a project's gallery): a
 * modal dialog. Escape closes it, the arrow keys and a swipe move between photos, Tab stays
 * inside, and the focus goes back where it came from on close.
 */
export function Lightbox({ slides, index, onIndexChange, onClose, restoreFocus }: LightboxProps) {
  const t = useLang().t.site.lightbox;
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const restoreRef = useRef(restoreFocus);
  const count = slides.length;
  const slide = slides[index];
  const go = (delta: number) => onIndexChange((index + delta + count) % count);
  const swipe = useSwipe(go);

  useEffect(() => {
    restoreRef.current = restoreFocus;
  }, [restoreFocus]);

  useEffect(() => {
    closeRef.current?.focus();
    document.body.classList.add('has-dialog');
    return () => {
      document.body.classList.remove('has-dialog');
      restoreRef.current();
    };
  }, []);

  if (!slide) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.target instanceof HTMLVideoElement && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
      // The arrows seek in a video that has the focus.
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'Tab') {
      const focusable = dialogRef.current?.querySelectorAll<HTMLElement>('button, a[href]');
      if (!focusable || focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialogRef.current?.contains(active))) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && (active === last || !dialogRef.current?.contains(active))) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const point = event.touches[0];
    if (point) swipe.start(point.clientX, point.clientY, event.timeStamp);
  };
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const point = event.changedTouches[0];
    if (point) swipe.end(point.clientX, point.clientY, event.timeStamp);
    else swipe.cancel();
  };

  return createPortal(
    <div
      ref={dialogRef}
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={t.label(slide.title.text)}
      onKeyDown={onKeyDown}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className="lightbox-bar">
        <p className="lightbox-counter">{t.counter(index + 1, count)}</p>
        <button ref={closeRef} type="button" className="lightbox-close" onClick={onClose}>
          {t.close}
          <span aria-hidden="true"> ✕</span>
        </button>
      </div>
      <figure className="lightbox-figure">
        {isVideo(slide.media) ? (
          <Video key={slide.key} name={slide.name} media={slide.media} label={slide.alt.text} autoPlay />
        ) : (
          <Picture key={slide.key} name={slide.name} media={slide.media} sizes={imageSizes.full} alt={slide.alt.text} lang={slide.alt.lang} />
        )}
        <figcaption>
          <Own text={slide.title} />
          {slide.link ? (
            <>
              {' '}
              —{' '}
              <Link to={slide.link.to} onClick={onClose}>
                {slide.link.label}
              </Link>
            </>
          ) : null}
        </figcaption>
      </figure>
      <button type="button" className="lightbox-nav lightbox-prev" aria-label={t.previous} onClick={() => go(-1)}>
        <span aria-hidden="true">‹</span>
      </button>
      <button type="button" className="lightbox-nav lightbox-next" aria-label={t.next} onClick={() => go(1)}>
        <span aria-hidden="true">›</span>
      </button>
    </div>,
    document.body,
  );
}
