import { business } from '../app/business';
import { messages } from '../app/messages';

/** « 2022 » in the first year, then « 2022–{year} ». */
export const copyrightYears = (year: number, since: number = business.since) =>
  year > since ? `${since}–${year}` : `${since}`;

/** The footer: contact block, the five services, the copyright line. */
export function SiteFooter() {
  const t = messages.site.footer;
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <section aria-labelledby="pied-contact" className="footer-block">
          <h2 id="pied-contact">{t.contactTitle}</h2>
          <address>
            <p className="footer-name">{business.name}</p>
            <p>
              <a href={`mailto:${business.emails.info}`}>{business.emails.info}</a>
            </p>
            <p>
              <a href={business.social.url} rel="noopener">
                {t.socialLabel(business.social.label)}
              </a>
            </p>
            <p>
              {business.city}, {business.province}
            </p>
          </address>
        </section>
        <section aria-labelledby="pied-services" className="footer-block">
          <h2 id="pied-services">{t.servicesTitle}</h2>
          <ul className="footer-services">
            {t.services.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </section>
      </div>
      <p className="copyright">{t.copyright(copyrightYears(new Date().getFullYear()), business.name)}</p>
    </footer>
  );
}
