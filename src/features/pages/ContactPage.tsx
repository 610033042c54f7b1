import { business } from '../../app/business';
import { messages } from '../../app/messages';
import { imageSizes, pageImages } from '../../components/images';
import { Picture } from '../../components/Picture';
import { QuoteForm } from '../quotes/QuoteForm';

/** Contact: the quote request form, phone, two e-mails, the city on a map, the social page, a large workshop photo. */
export function ContactPage() {
  const t = messages.site.contact;
  const image = pageImages.workshop;
  return (
    <article className="page contact">
      <h1>{t.heading}</h1>
      <p className="lead">{t.intro}</p>
      <QuoteForm />
      <div className="contact-layout">
        <dl className="contact-list">
          <div>
            <dt>{t.phone}</dt>
            <dd>
              <a href={`tel:${business.phone.tel}`}>{business.phone.display}</a>
            </dd>
          </div>
          <div>
            <dt>{t.infoEmail}</dt>
            <dd>
              <a href={`mailto:${business.emails.info}`}>{business.emails.info}</a>
            </dd>
          </div>
          <div>
            <dt>{t.quotesEmail}</dt>
            <dd>
              <a href={`mailto:${business.emails.quotes}`}>{business.emails.quotes}</a>
            </dd>
          </div>
          <div>
            <dt>{t.area}</dt>
            <dd>
              <a href={business.mapsUrl} target="_blank" rel="noopener">
                {t.areaLink(business.city, business.province)}
                <span className="visually-hidden"> {t.newWindow}</span>
              </a>
            </dd>
          </div>
          <div>
            <dt>{t.social}</dt>
            <dd>
              <a href={business.social.url} target="_blank" rel="noopener">
                {business.social.label}
                <span className="visually-hidden"> {t.newWindow}</span>
              </a>
            </dd>
          </div>
        </dl>
        <Picture
          className="contact-image"
          name={image.name}
          media={image.media}
          sizes={imageSizes.project}
          alt={t.imageAlt}
          loading="lazy"
        />
      </div>
    </article>
  );
}
