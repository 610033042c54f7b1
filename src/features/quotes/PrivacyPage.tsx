// « Politique de confidentialité » (issue 17, Québec's Loi 25): what the quote request form
// collects, what for, how long it is kept (QUOTE_RETENTION_DAYS, read from the server) and who to
// ask; and what the visit statistics count and keep (issue 30, STATS_RETENTION_DAYS). A public
// page, linked from the form's consent line.
import { useGetQuoteFormQuery } from '../../api/api.enhanced';
import { useLang } from '../../lib/lang';
import { useSite } from '../../lib/site';
import { quoteFormArg } from './formQuery';

export function PrivacyPage() {
  const { lang, t: catalogue } = useLang();
  const t = catalogue.quotes.privacy;
  const form = useGetQuoteFormQuery(quoteFormArg(lang));
  const site = useSite();
  const days = form.data?.RetentionDays ?? 365;
  return (
    <article className="page privacy">
      <h1>{t.title}</h1>
      <p className="lead">{t.intro(site.BusinessName)}</p>
      <h2>{t.collectedTitle}</h2>
      <p>{t.collected}</p>
      <h2>{t.useTitle}</h2>
      <p>{t.use}</p>
      <h2>{t.keptTitle}</h2>
      <p>{t.kept(days)}</p>
      <h2>{t.rightsTitle}</h2>
      <p>{t.rights(site.InfoEmail)}</p>
      <h2>{t.statsTitle}</h2>
      <p>{t.stats(form.data?.StatsRetentionDays ?? 395)}</p>
      <p>{t.noCookie}</p>
    </article>
  );
}
