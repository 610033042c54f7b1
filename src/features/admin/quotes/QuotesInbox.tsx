// The admin inbox « Demandes » (issue 17), /admin/quotes: the quote requests newest first, unread
// ones marked; one request (?demande=Id) with every field shown as text, its photos (read with the
// administrator's token), a mailto: reply, the delivery state of its e-mail, mark handled, delete
// with confirmation. Opening a request marks it read.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  useDeleteQuoteMutation,
  useGetSiteQuery,
  useGetQuotePhotoQuery,
  useGetQuoteQuery,
  useGetQuotesQuery,
  useUpdateQuoteMutation,
  type Quote,
  type QuoteMail,
} from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { AdminPage, Banner, BackButton } from '../AdminPage';
import { bannerOf, outcomeOf } from '../navigator/outcome';
import { replyLink } from './replyLink';
import { journeyText, usePageName } from '../stats/journey';
import './quotesAdmin.css';

const t = messages.admin.quotes;

/** « Demande en anglais » for a request sent from the English form. */
function EnglishBadge({ lang }: { lang: Quote['Lang'] }) {
  return lang === 'en' ? <span className="quote-badge quote-badge--en">{t.english}</span> : null;
}

const dateTime = (ms: number) =>
  new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeStyle: 'short' }).format(ms);

function mailText(mail: QuoteMail): string {
  switch (mail.State) {
    case 'sent':
      return t.mail.sent;
    case 'pending':
      return t.mail.pending;
    case 'retrying':
      return t.mail.retrying(mail.Attempts, dateTime(mail.NextAttempt), mail.LastError);
    default:
      return t.mail.off;
  }
}

function Photo({ quote, number }: { quote: Quote; number: number }) {
  const photo = useGetQuotePhotoQuery({ id: quote.Id, number });
  // The endpoint answers an object URL of the photo (api.enhanced.ts), not the Blob itself.
  const url = photo.data as unknown as string | undefined;
  if (photo.isError) return <p className="quote-photo-missing">{t.photoError}</p>;
  if (!url) return <p className="quote-photo-missing">{t.photoLoading}</p>;
  return (
    <a href={url} target="_blank" rel="noopener">
      <img className="quote-photo" src={url} alt={t.photoAlt(number, quote.Name)} />
    </a>
  );
}

function QuoteDetail({ id, onClosed, onBanner }: { id: number; onClosed: () => void; onBanner: (b: Parameters<typeof Banner>[0]['banner']) => void }) {
  const quote = useGetQuoteQuery({ id });
  const [update, updating] = useUpdateQuoteMutation();
  const [remove, removing] = useDeleteQuoteMutation();
  const site = useGetSiteQuery().data;
  const pageName = usePageName();
  const heading = useRef<HTMLHeadingElement>(null);
  const data = quote.data;

  useEffect(() => heading.current?.focus(), [id]);
  // Opening a request marks it read.
  useEffect(() => {
    if (data && !data.Read) void update({ id: data.Id, quoteUpdate: { Read: true, Handled: data.Handled } });
  }, [data, update]);

  if (quote.isError) return <p role="alert">{t.notFound}</p>;
  if (!data) return <p>{messages.site.status.loading}</p>;

  const mark = async (change: { Read: boolean; Handled: boolean }) => {
    const outcome = outcomeOf(await update({ id: data.Id, quoteUpdate: change }));
    onBanner(bannerOf(outcome));
  };
  const erase = async () => {
    if (!window.confirm(t.confirmRemove(data.Name))) return;
    const outcome = outcomeOf(await remove({ id: data.Id }));
    onBanner(bannerOf(outcome));
    if (outcome.ok) onClosed();
  };
  const f = t.fields;
  const busy = updating.isLoading || removing.isLoading;
  const reply = replyLink(data.Email, t.replySubject);

  return (
    <article className="quote-detail" aria-labelledby="quote-detail-title">
      {site && (
        <p className="quote-business">
          {site.BusinessName}
          {site.RbqLicence ? ` — ${t.licence(site.RbqLicence)}` : ''}
        </p>
      )}
      <h2 id="quote-detail-title" tabIndex={-1} ref={heading}>
        {data.Name}
      </h2>
      <p className="quote-meta">
        {t.received(dateTime(data.Created))}
        {data.Handled && <span className="quote-badge quote-badge--done">{t.handled}</span>}
        <EnglishBadge lang={data.Lang} />
      </p>
      <dl className="quote-fields">
        <dt>{f.email}</dt>
        <dd>{data.Email || f.none}</dd>
        <dt>{f.phone}</dt>
        <dd>{data.Phone ? <a href={`tel:${data.Phone.replace(/[^0-9+]/g, '')}`}>{data.Phone}</a> : f.none}</dd>
        <dt>{f.city}</dt>
        <dd>{data.City || f.none}</dd>
        <dt>{f.work}</dt>
        <dd>{data.Work || f.none}</dd>
        <dt>{f.message}</dt>
        <dd className="quote-message">{data.Message}</dd>
        <dt>{t.mailLabel}</dt>
        <dd>{mailText(data.Mail)}</dd>
        <dt>{t.journeyLabel}</dt>
        <dd>{journeyText(data.Journey, pageName)}</dd>
      </dl>
      {data.Photos.length > 0 && (
        <ul className="quote-photos">
          {data.Photos.map((p) => (
            <li key={p.Number}>
              <Photo quote={data} number={p.Number} />
            </li>
          ))}
        </ul>
      )}
      <div className="admin-actions quote-actions">
        {reply && (
          <a className="button" href={reply}>
            {t.reply}
          </a>
        )}
        <button type="button" disabled={busy} onClick={() => void mark({ Read: true, Handled: !data.Handled })}>
          {data.Handled ? t.markOpen : t.markHandled}
        </button>
        <button type="button" disabled={busy} onClick={() => void mark({ Read: false, Handled: data.Handled }).then(onClosed)}>
          {t.markUnread}
        </button>
        <button type="button" disabled={busy} onClick={() => void erase()}>
          {t.remove}
        </button>
        <button type="button" onClick={() => window.print()}>
          {t.print}
        </button>
        <button type="button" onClick={onClosed}>
          {t.close}
        </button>
      </div>
    </article>
  );
}

export function QuotesInbox() {
  const inbox = useGetQuotesQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval: 60_000 });
  const [params, setParams] = useSearchParams();
  const [banner, setBanner] = useState<Parameters<typeof Banner>[0]['banner']>(null);
  const selected = Number(params.get('demande') ?? '') || null;
  const open = (id: number | null) => {
    setBanner(null);
    setParams(id === null ? {} : { demande: String(id) });
  };
  const quotes = inbox.data?.Quotes ?? [];

  return (
    <AdminPage title={t.title}>
      <div className="admin-actions">
        <BackButton />
      </div>
      <Banner banner={banner} />
      {inbox.data && !inbox.data.MailEnabled && <p className="quote-mail-off">{t.mailOff}</p>}
      {selected !== null && <QuoteDetail key={selected} id={selected} onClosed={() => open(null)} onBanner={setBanner} />}
      {inbox.isLoading && <p>{messages.site.status.loading}</p>}
      {inbox.data && quotes.length === 0 && <p>{t.empty}</p>}
      {quotes.length > 0 && (
        <ul className="quote-list" aria-label={t.listLabel}>
          {quotes.map((q) => (
            <li key={q.Id} className={q.Read ? 'quote-item' : 'quote-item quote-item--unread'} aria-current={q.Id === selected ? 'true' : undefined}>
              <button type="button" className="quote-open" onClick={() => open(q.Id)}>
                <span className="quote-name">
                  <span className="visually-hidden">{t.openPrefix}</span>
                  {q.Name}
                </span>
                {!q.Read && <span className="quote-badge">{t.unread}</span>}
                {q.Handled && <span className="quote-badge quote-badge--done">{t.handled}</span>}
                <EnglishBadge lang={q.Lang} />
                <span className="quote-summary">
                  {[dateTime(q.Created), q.Work, q.City, t.photos(q.Photos)].filter(Boolean).join(' · ')}
                </span>
                <span className="quote-summary">{mailText(q.Mail)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
