import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import Slider, { type Settings } from 'react-slick';
import 'slick-carousel/slick/slick.css';
import type { ProjectView } from '../../api/api.enhanced';
import { useSite } from '../../lib/site';
import { paths } from '../../../contract/paths';
import { Own, ownText, useLang } from '../../lib/lang';
import { imageSizes, isVideo } from '../../components/images';
import { Picture } from '../../components/Picture';
import { PlayMark } from '../../components/Video';
import { LazyLightbox } from '../../components/LazyLightbox';
import { useSwipe } from '../../components/useSwipe';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

const AUTOPLAY_MS = 5000;

/**
 * The welcome carousel (react-slick): no arrows, pagination dots, the arrow keys when the focus
 * is on a slide, and a swipe (useSwipe: touch, pen or mouse, through pointer
 * events; react-slick's own, which needs a fifth of the width and lets a drag end in a click,
 * is off). Enter or a click on a photo opens the full-screen popup. It moves on its
 * own only when the visitor has not asked for reduced motion, with a pause button, and it
 * pauses while the pointer or the focus is on it (WCAG 2.2.2). Only the visible slide is in
 * the tab order. Needs at least two projects (the caller decides).
 */
export function ProjectCarousel({ projects }: { projects: ProjectView[] }) {
  const { lang, t: catalogue, to } = useLang();
  const t = catalogue.site.welcome;
  const site = useSite();
  const name = (project: ProjectView) => ownText(lang, project.Name, project.En?.Name);
  const count = projects.length;
  const slider = useRef<Slider>(null);
  const slideButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const region = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const currentRef = useRef(0);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const moving = !reducedMotion && playing && !hovered && !focused && lightbox === null;
  const swipe = useSwipe((step) => slider.current?.slickGoTo(Math.min(count - 1, Math.max(0, currentRef.current + step))));
  const swiped = useRef(false);

  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => slider.current?.slickGoTo((currentRef.current + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [moving, count]);

  const closeLightbox = () => {
    if (lightbox !== null) {
      currentRef.current = lightbox;
      setCurrent(lightbox);
      slider.current?.slickGoTo(lightbox, true);
    }
    setLightbox(null);
  };
  const restoreFocus = useCallback(() => slideButtons.current[currentRef.current]?.focus(), []);

  const settings: Settings = {
    arrows: false,
    dots: true,
    infinite: false,
    swipe: false,
    draggable: false,
    touchMove: false,
    waitForAnimate: false,
    accessibility: true,
    speed: reducedMotion ? 0 : 400,
    slidesToShow: 1,
    slidesToScroll: 1,
    beforeChange: (_from, to) => {
      currentRef.current = to;
      setCurrent(to);
    },
    afterChange: (index) => {
      // Keyboard users stay on the slide they moved to.
      if (region.current?.contains(document.activeElement) && document.activeElement?.closest('.slick-slide')) {
        slideButtons.current[index]?.focus();
      }
    },
    customPaging: (index) => (
      <button type="button" aria-label={t.dotLabel(index + 1, count)} aria-current={index === current ? 'true' : undefined}>
        {index + 1}
      </button>
    ),
  };

  return (
    <div
      ref={region}
      className="carousel"
      role="region"
      aria-roledescription="carrousel"
      aria-label={t.carouselLabel}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setFocused(false);
      }}
    >
      {!reducedMotion ? (
        <button type="button" className="carousel-pause" onClick={() => setPlaying((value) => !value)}>
          {playing ? t.pause : t.play}
        </button>
      ) : null}
      <div
        aria-live={moving ? 'off' : 'polite'}
        className="carousel-track"
        onPointerDown={(event) => {
          swiped.current = false;
          if (event.button === 0) swipe.start(event.clientX, event.clientY, event.timeStamp);
          else swipe.cancel();
        }}
        onPointerCancel={() => swipe.cancel()}
        onPointerUp={(event) => {
          if (swipe.end(event.clientX, event.clientY, event.timeStamp)) swiped.current = true;
        }}
        onClickCapture={(event) => {
          // The click that ends a swipe is not a click on the photo.
          if (!swiped.current) return;
          swiped.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        <Slider ref={slider} {...settings}>
          {projects.map((project, index) => {
            const tabIndex = index === current ? 0 : -1;
            return (
              <div key={project.Id}>
                <div role="group" aria-roledescription="diapositive" aria-label={t.slideLabel(index + 1, count)} className="slide">
                  <button
                    ref={(element) => {
                      slideButtons.current[index] = element;
                    }}
                    type="button"
                    className="slide-button"
                    tabIndex={tabIndex}
                    aria-haspopup="dialog"
                    onClick={() => setLightbox(index)}
                  >
                    <Picture
                      name={project.Image}
                      media={project.Media}
                      sizes={imageSizes.carousel}
                      alt={t.imageAlt(site.BusinessName, name(project).text)}
                      lang={name(project).lang}
                      loading={index === 0 ? 'eager' : 'lazy'}
                      draggable={false}
                    />
                    {isVideo(project.Media) ? <PlayMark /> : null}
                  </button>
                  <p className="slide-caption">
                    <Link to={to(paths.project.href(project.Id))} tabIndex={tabIndex}>
                      <Own text={name(project)} />
                    </Link>
                  </p>
                </div>
              </div>
            );
          })}
        </Slider>
      </div>
      {lightbox !== null ? (
        <LazyLightbox
          slides={projects.map((project) => ({
            key: project.Id,
            name: project.Image,
            media: project.Media,
            alt: { ...name(project), text: t.imageAlt(site.BusinessName, name(project).text) },
            title: name(project),
            link: { to: to(paths.project.href(project.Id)), label: catalogue.site.lightbox.seeProject },
          }))}
          index={lightbox}
          onIndexChange={setLightbox}
          onClose={closeLightbox}
          restoreFocus={restoreFocus}
        />
      ) : null}
    </div>
  );
}
