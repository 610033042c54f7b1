import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { useGetRandomProjectsQuery } from '../../api/api.enhanced';
import { business } from '../../app/business';
import { messages } from '../../app/messages';
import { paths } from '../../app/paths';
import { imageSizes, pageImages } from '../../components/images';
import { LoadError } from '../../components/LoadError';
import { Picture } from '../../components/Picture';
import { usePageMeta } from '../../components/usePageMeta';

// The carousel (react-slick, its CSS, the popup) is its own chunk: it sits below the hero, and
// no other page needs it. Its download starts as soon as the welcome page renders.
const loadCarousel = () => import(/* webpackChunkName: "carousel" */ './ProjectCarousel');
const ProjectCarousel = lazy(() => loadCarousel().then((module) => ({ default: module.ProjectCarousel })));

/** Spec section 4: the carousel loads 7 random projects. */
const CAROUSEL_COUNT = 7;

const specialtyLinks = [paths.typesList.href(6), paths.projectType.href(19), paths.typesList.href(11)];

/** Welcome: the large background photo, the carousel of random projects, the three specialties. */
export function WelcomePage() {
  const t = messages.site.welcome;
  usePageMeta(t.title(business.name), t.description);
  useEffect(() => {
    void loadCarousel();
  }, []);
  const hero = pageImages.welcome;
  return (
    <>
      <section className="hero">
        <Picture className="hero-image" name={hero.name} media={hero.media} sizes={imageSizes.full} alt="" fetchPriority="high" />
        <div className="hero-content">
          <h1>{business.name}</h1>
          <p className="hero-tagline">{t.tagline}</p>
          <p className="hero-intro">{t.intro}</p>
          <div className="hero-actions">
            <Link className="button" to={paths.contact.href()}>
              {t.ctaContact}
            </Link>
            <Link className="button button-light" to={paths.typesList.href(6)}>
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
          {t.specialties.map((specialty, index) => (
            <li key={specialty.title} className="specialty">
              <h3>
                <Link to={specialtyLinks[index] ?? paths.welcome.href()}>{specialty.title}</Link>
              </h3>
              <p>{specialty.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function RandomProjects() {
  const t = messages.site.welcome;
  const { data, isError, refetch } = useGetRandomProjectsQuery({ count: CAROUSEL_COUNT });
  if (isError) return <LoadError onRetry={() => void refetch()} />;
  if (!data) return <div className="carousel-placeholder" aria-hidden="true" />;
  const projects = data.filter((project) => project.Image);
  if (projects.length === 0) return <p>{t.empty}</p>;
  const [only] = projects;
  if (projects.length === 1 && only) {
    // The carousel appears only when there is more than one image: one photo, shown plainly.
    return (
      <figure className="single-project">
        <Picture name={only.Image} media={only.Media} sizes={imageSizes.carousel} alt={t.imageAlt(business.name, only.Name)} />
        <figcaption>
          <Link to={paths.project.href(only.Id)}>{only.Name}</Link>
        </figcaption>
      </figure>
    );
  }
  return (
    <Suspense fallback={<div className="carousel-placeholder" aria-hidden="true" />}>
      <ProjectCarousel projects={projects} />
    </Suspense>
  );
}
