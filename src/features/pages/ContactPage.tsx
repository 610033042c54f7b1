import type { ReactNode } from 'react';
import { Own, ownText, useLang } from '../../lib/lang';
import { mapsUrl, pagePhoto, telHref, useSite } from '../../lib/site';
import { imageSizes } from '../../components/images';
import { Picture } from '../../components/Picture';
import { dayOf, RBQ_REGISTER, rangesOf } from '../../lib/trust';

/**
 * Contact: the quote request form, phone, two e-mails, the address on a map, the social pages, a
 * large workshop photo. The form is the quotes feature's: the route table (app/router.tsx) hands
 * it in, so that neither feature imports the other.
 */
export function ContactPage({ quoteForm }: { quoteForm: ReactNode }) {
  const { lang, t: catalogue } = useLang();
  const t = catalogue.site.contact;
  const site = useSite();
  const image = pagePhoto(site, 'Contact');
  const address = [site.Street, `${site.City}, ${site.Province}`, site.PostalCode].filter(Boolean).join(', ');
  const trust = catalogue.site.trust;
  const hours = site.Hours ?? [];
  const note = ownText(lang, site.HoursNote ?? '', site.En?.HoursNote);
  return (
    <article className="page contact">
      <h1>{t.heading}</h1>
      <p className="lead">{t.intro}</p>
      {quoteForm}
      <div className="contact-layout">
        <dl className="contact-list">
          <Entry term={t.phone}>
            <a href={telHref(site.Phone)}>{site.Phone}</a>
          </Entry>
          <Entry term={t.infoEmail}>
            <a href={`mailto:${site.InfoEmail}`}>{site.InfoEmail}</a>
          </Entry>
          <Entry term={t.quotesEmail}>
            <a href={`mailto:${site.QuotesEmail}`}>{site.QuotesEmail}</a>
          </Entry>
          <Entry term={t.area}>
            <Own text={ownText(lang, site.AreaServed, site.En?.AreaServed)} />
            <br />
            <a href={mapsUrl(site)} target="_blank" rel="noopener">
              {t.areaLink(address)}
              <span className="visually-hidden"> {t.newWindow}</span>
            </a>
          </Entry>
          {hours.some((day) => day.length > 0) && (
            <Entry term={trust.hoursTitle}>
              <table className="contact-hours">
                <tbody>
                  {hours.map((ranges, day) => (
                    <tr key={day}>
                      <th scope="row">{dayOf(trust, day)}</th>
                      <td>{rangesOf(trust, ranges) || trust.closed}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {note.text && <p lang={note.lang}>{note.text}</p>}
            </Entry>
          )}
          {site.RbqLicence && (
            <Entry term={trust.licenceTitle}>
              <a href={RBQ_REGISTER} target="_blank" rel="noopener">
                {trust.licence(site.RbqLicence)}
                <span className="visually-hidden"> ({trust.licenceLink}) {t.newWindow}</span>
              </a>
            </Entry>
          )}
          <div>
            <dt>{t.social}</dt>
            {site.Social.map((link) => (
              <dd key={link.Url}>
                <a href={link.Url} target="_blank" rel="noopener">
                  {link.Network}
                  <span className="visually-hidden"> {t.newWindow}</span>
                </a>
              </dd>
            ))}
          </div>
        </dl>
        <Picture
          className="contact-image"
          name={image.name}
          media={image.media}
          sizes={imageSizes.project}
          alt={t.imageAlt(site.BusinessName)}
          loading="lazy"
        />
      </div>
    </article>
  );
}

/** One line of the contact list: what it is, then its value. */
function Entry({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
