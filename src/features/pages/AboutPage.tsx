import { Link } from 'react-router';
import { business } from '../../app/business';
import { messages } from '../../app/messages';
import { paths } from '../../app/paths';
import { imageSizes, pageImages } from '../../components/images';
import { Picture } from '../../components/Picture';
import { usePageMeta } from '../../components/usePageMeta';

/** About: the owner's presentation and the three small-jobs services. */
export function AboutPage() {
  const t = messages.site.about;
  usePageMeta(t.title, t.description);
  const portrait = pageImages.owner;
  return (
    <article className="page about">
      <h1>{t.heading}</h1>
      <div className="about-intro">
        <Picture
          className="about-portrait"
          name={portrait.name}
          media={portrait.media}
          sizes={imageSizes.portrait}
          alt={t.portraitAlt(business.ownerName)}
          fetchPriority="high"
        />
        <div className="about-text">
          {t.intro(business.ownerName, business.name).map((paragraph) => (
            <p key={paragraph.slice(0, 24)}>{paragraph}</p>
          ))}
          <Link className="button" to={paths.contact.href()}>
            {t.contactCta}
          </Link>
        </div>
      </div>
      <section aria-labelledby="services-titre" className="services">
        <h2 id="services-titre">{t.servicesTitle}</h2>
        <ul className="service-list">
          {t.services.map((service) => (
            <li key={service.title} className="service">
              <h3>{service.title}</h3>
              <p>{service.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
