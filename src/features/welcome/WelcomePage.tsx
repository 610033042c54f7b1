import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useGetRandomProjectsQuery, useGetTestimonialsQuery } from '../../api/api.enhanced';
import { paths } from '../../../contract/paths';
import { Own, OwnParagraphs, ownText, useLang } from '../../lib/lang';
import { pagePhoto, useSite } from '../../lib/site';
import { imageSizes } from '../../components/images';
import { LoadError } from '../../components/LoadError';
import { Picture } from '../../components/Picture';
import { Testimonials } from '../../components/Testimonials';
import { useHydrated } from '../../components/useHydrated';
import type { ProjectView } from '../../api/api.enhanced';

// The carousel (react-slick, its CSS, the popup) is its own chunk: it sits below the hero, and
// no other page needs it. Its download starts as soon as the welcome page renders.
const loadCarousel = () => import(/* webpackChunkName: "carousel" */ './ProjectCarousel');
const ProjectCarousel = lazy(() => loadCarousel().then((module) => ({ default: module.ProjectCarousel })));

/** Spec section 4: the carousel loads 7 random projects. */
export const CAROUSEL_COUNT = 7;

/** How many testimonials the welcome page shows: the owner's first ones (issue 31). */
export const WELCOME_TESTIMONIALS = 3;

/** Welcome: the large background photo, the carousel of random projects, the three specialties, the first testimonials. */
export function WelcomePage() {
  const { lang, t: catalogue, to } = useLang();
  const t = catalogue.site.welcome;
  useEffect(() => {
    void loadCarousel();
  }, []);
  const site = useSite();
  const hero = pagePhoto(site, 'Welcome');
  const tagline = ownText(lang, site.WelcomeTagline, site.En?.WelcomeTagline);
  const intro = ownText(lang, site.WelcomeIntro, site.En?.WelcomeIntro);
  const testimonials = useGetTestimonialsQuery().data;
  return (
    <>
      <section className="hero">
        <Picture className="hero-image" name={hero.name} media={hero.media} sizes={imageSizes.full} alt="" fetchPriority="high" />
        <div className="hero-content">
          <h1>{site.BusinessName}</h1>
          <p className="hero-tagline" lang={tagline.lang}>
            {tagline.text}
          </p>
          <OwnParagraphs text={intro} className="hero-intro" />
          <div className="hero-actions">
            <Link className="button" to={to(paths.contact.href())}>
              {t.ctaContact}
            </Link>
            <Link className="button button-light" to={to(site.Specialties[0]?.Target ?? paths.welcome.href())}>
              {t.ctaProjects}
            </Link>
          </div>
        </div>
      </section>
      <section className="page welcome-projects" aria-labelledby="realisations">
        <h2 id="realisations">{t.carouselTitle}</h2>
        <RandomProjects />
      </section>
      <section className="page specialties" aria-labelledby="specialites">
        <h2 id="specialites">{t.specialtiesTitle}</h2>
        <ul className="specialty-list">
          {site.Specialties.map((specialty, index) => {
            // The English card of the same place, if the owner wrote it.
            const english = site.En?.Specialties[index];
            return (
              <li key={index} className="specialty">
                <h3>
                  <Link to={to(specialty.Target)}>
                    <Own text={ownText(lang, specialty.Title, english?.Title)} />
                  </Link>
                </h3>
                <OwnParagraphs text={ownText(lang, specialty.Text, english?.Text)} />
              </li>
            );
          })}
        </ul>
      </section>
      <Testimonials className="page" items={testimonials} max={WELCOME_TESTIMONIALS} title={catalogue.site.trust.testimonialsTitle} />
    </>
  );
}

function RandomProjects() {
  const { lang, t: catalogue, to } = useLang();
  const t = catalogue.site.welcome;
  const site = useSite();
  const { data, isError, refetch } = useGetRandomProjectsQuery({ count: CAROUSEL_COUNT });
  const hydrated = useHydrated();
  // The carousel takes over in a commit of its own, after the one that hands the page to the
  // script: mounting react-slick measures the page (a layout), and the two together made the
  // longest task left on a phone (issue 33).
  const [carouselTurn, setCarouselTurn] = useState(false);
  useEffect(() => {
    if (hydrated) startTransition(() => setCarouselTurn(true));
  }, [hydrated]);
  if (isError) return <LoadError onRetry={() => void refetch()} />;
  if (!data) return <div className="carousel-placeholder" aria-hidden="true" />;
  const projects = data.filter((project) => project.Image);
  if (projects.length === 0) return <p>{t.empty}</p>;
  const [only] = projects;
  if (projects.length === 1 && only) {
    // The carousel appears only when there is more than one image: one photo, shown plainly.
    const name = ownText(lang, only.Name, only.En?.Name);
    return (
      <figure className="single-project">
        <Picture name={only.Image} media={only.Media} sizes={imageSizes.carousel} alt={t.imageAlt(site.BusinessName, name.text)} lang={name.lang} />
        <figcaption>
          <Link to={to(paths.project.href(only.Id))}>
            <Own text={name} />
          </Link>
        </figcaption>
      </figure>
    );
  }
  // The carousel needs its script: the server renders its first slide and a link to every
  // project, which stays until the carousel's chunk has arrived.
  const preview = <CarouselPreview projects={projects} />;
  // One boundary from the server's render on: the switch (a transition) keeps the preview on
  // screen until the carousel replaces it, never rebuilding it as a fallback.
  return <Suspense fallback={preview}>{carouselTurn ? <ProjectCarousel projects={projects} /> : preview}</Suspense>;
}

/** The carousel without its script: its first slide, and where its dots go a link to each project. */
function CarouselPreview({ projects }: { projects: ProjectView[] }) {
  const { lang, t: catalogue, to } = useLang();
  const t = catalogue.site.welcome;
  const [first] = projects;
  if (!first) return null;
  const name = (project: ProjectView) => ownText(lang, project.Name, project.En?.Name);
  return (
    <div className="carousel" role="region" aria-roledescription="carrousel" aria-label={t.carouselLabel}>
      <div className="slide">
        <Link className="slide-button" to={to(paths.project.href(first.Id))} tabIndex={-1} aria-hidden="true">
          <Picture name={first.Image} media={first.Media} sizes={imageSizes.carousel} alt="" loading="lazy" draggable={false} />
        </Link>
        <p className="slide-caption">
          <Link to={to(paths.project.href(first.Id))}>
            <Own text={name(first)} />
          </Link>
        </p>
      </div>
      <ul className="carousel-links">
        {projects.map((project, index) => (
          <li key={project.Id}>
            <Link to={to(paths.project.href(project.Id))} aria-label={name(project).text} lang={name(project).lang}>
              {index + 1}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
