import { Link } from 'react-router';
import { messages } from '../../messages';
import { paths } from '../../../contract/paths';
import { pagePhoto, paragraphs, useSite } from '../../lib/site';
import { imageSizes } from '../../components/images';
import { Picture } from '../../components/Picture';

/** About: the owner's presentation and the three small-jobs services. */
export function AboutPage() {
  const t = messages.site.about;
  const site = useSite();
  const portrait = pagePhoto(site, 'About');
  return (
    <article className="page about">
      <h1>{t.heading}</h1>
      <div className="about-intro">
        <Picture
          className="about-portrait"
          name={portrait.name}
          media={portrait.media}
          sizes={imageSizes.portrait}
          alt={t.portraitAlt(site.OwnerName)}
          fetchPriority="high"
        />
        <div className="about-text">
          {paragraphs(site.AboutIntro).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
          <Link className="button" to={paths.contact.href()}>
            {t.contactCta}
          </Link>
        </div>
      </div>
      <section aria-labelledby="services-titre" className="services">
        <h2 id="services-titre">{t.servicesTitle}</h2>
        <ul className="service-list">
          {site.AboutServices.map((service, index) => (
            <li key={index} className="service">
              <h3>{service.Title}</h3>
              {paragraphs(service.Text).map((paragraph, line) => (
                <p key={line}>{paragraph}</p>
              ))}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
