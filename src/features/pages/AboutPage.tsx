import { Link } from 'react-router';
import { paths } from '../../../contract/paths';
import { Own, OwnParagraphs, ownText, useLang } from '../../lib/lang';
import { pagePhoto, useSite } from '../../lib/site';
import { imageSizes } from '../../components/images';
import { Picture } from '../../components/Picture';
import { Testimonials } from '../../components/Testimonials';
import { useGetTestimonialsQuery } from '../../api/api.enhanced';

/** About: the owner's presentation, the three small-jobs services, every testimonial (issue 31). */
export function AboutPage() {
  const { lang, t: catalogue, to } = useLang();
  const t = catalogue.site.about;
  const site = useSite();
  const portrait = pagePhoto(site, 'About');
  const intro = ownText(lang, site.AboutIntro, site.En?.AboutIntro);
  const testimonials = useGetTestimonialsQuery().data;
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
          <OwnParagraphs text={intro} />
          <Link className="button" to={to(paths.contact.href())}>
            {t.contactCta}
          </Link>
        </div>
      </div>
      <section aria-labelledby="services-titre" className="services">
        <h2 id="services-titre">{t.servicesTitle}</h2>
        <ul className="service-list">
          {site.AboutServices.map((service, index) => {
            // The English service of the same place, if the owner wrote it.
            const english = site.En?.AboutServices[index];
            return (
              <li key={index} className="service">
                <h3>
                  <Own text={ownText(lang, service.Title, english?.Title)} />
                </h3>
                <OwnParagraphs text={ownText(lang, service.Text, english?.Text)} />
              </li>
            );
          })}
        </ul>
      </section>
      <Testimonials items={testimonials} title={catalogue.site.trust.testimonialsTitle} />
    </article>
  );
}
