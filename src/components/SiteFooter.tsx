import { ownList, useLang } from '../lib/lang';
import { useSite } from '../lib/site';
import { compactHours, RBQ_REGISTER } from '../lib/trust';

/** « 2022 » in the first year, then « 2022–{year} ». */
export const copyrightYears = (year: number, since: number) => (year > since ? `${since}–${year}` : `${since}`);

/** The footer: contact block, the business's services, the copyright line (the site's settings). */
export function SiteFooter() {
  const { lang, t: catalogue } = useLang();
  const t = catalogue.site.footer;
  const site = useSite();
  const services = ownList(lang, site.FooterServices, site.En?.FooterServices);
  const trust = catalogue.site.trust;
  const hours = compactHours(trust, site.Hours);
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <section aria-labelledby="pied-contact" className="footer-block">
          <h2 id="pied-contact">{t.contactTitle}</h2>
          <address>
            <p className="footer-name">{site.BusinessName}</p>
            <p>
              <a href={`mailto:${site.InfoEmail}`}>{site.InfoEmail}</a>
            </p>
            {site.Social.map((link) => (
              <p key={link.Url}>
                <a href={link.Url} rel="noopener">
                  {t.socialLabel(link.Network)}
                </a>
              </p>
            ))}
            <p>
              {site.City}, {site.Province}
            </p>
            {hours && <p className="footer-hours">{hours}</p>}
            {site.RbqLicence && (
              <p className="footer-licence">
                <a href={RBQ_REGISTER} rel="noopener" title={trust.licenceLink}>
                  {trust.licence(site.RbqLicence)}
                </a>
              </p>
            )}
          </address>
        </section>
        <section aria-labelledby="pied-services" className="footer-block">
          <h2 id="pied-services">{t.servicesTitle}</h2>
          <ul className="footer-services" lang={services.lang}>
            {services.items.map((service, index) => (
              <li key={index}>{service}</li>
            ))}
          </ul>
        </section>
      </div>
      <p className="copyright">{t.copyright(copyrightYears(new Date().getFullYear(), site.Since), site.BusinessName)}</p>
    </footer>
  );
}
