// « Statistiques » (/admin/stats, issue 30): a period (7 days, 30 days, 12 months or chosen dates)
// compared with the one before it; visitors and page views per day as an SVG chart drawn here,
// with the same numbers as a table behind « Voir les données »; the top pages, projects, referring
// sites, languages and devices; the quote requests with the visit that led to them; the daily
// totals as CSV.
import { useState, type FormEvent } from 'react';
import { useGetStatsQuery, type StatsReport } from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { AdminPage, BackButton } from '../AdminPage';
import { journeyText, siteName, usePageName } from './journey';

const t = messages.admin.stats;
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

type Preset = 'week' | 'month' | 'year' | 'custom';

/** Today in Gatineau, YYYY-MM-DD (the server's days are the business's). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
const shift = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const span = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
const longDay = (day: string) => new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));
const shortDay = (day: string) => new Intl.DateTimeFormat('fr-CA', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));

function periodOf(preset: Exclude<Preset, 'custom'>): { from: string; to: string } {
  const to = today();
  return { from: shift(to, preset === 'week' ? -6 : preset === 'month' ? -29 : -364), to };
}

/** What is wrong with chosen dates, or null. */
function datesError(from: string, to: string): string | null {
  if (!from || !to) return t.missing;
  if (from > to) return t.reversed;
  if (span(from, to) > MAX_DAYS) return t.tooLong;
  return null;
}

export function StatsView() {
  const [preset, setPreset] = useState<Preset>('month');
  const [period, setPeriod] = useState(() => periodOf('month'));
  const [draft, setDraft] = useState(period);
  const [error, setError] = useState<string | null>(null);
  const stats = useGetStatsQuery(period, { refetchOnMountOrArgChange: true });

  const choose = (next: Preset) => {
    setPreset(next);
    setError(null);
    if (next !== 'custom') setPeriod(periodOf(next));
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = datesError(draft.from, draft.to);
    setError(problem);
    if (!problem) setPeriod(draft);
  };

  return (
    <AdminPage title={t.title}>
      {stats.data && <p>{t.intro(stats.data.RetentionDays)}</p>}
      <fieldset className="stats-period">
        <legend>{t.period}</legend>
        {(Object.keys(t.periods) as Preset[]).map((key) => (
          <label key={key}>
            <input type="radio" name="stats-period" checked={preset === key} onChange={() => choose(key)} /> {t.periods[key]}
          </label>
        ))}
      </fieldset>
      {preset === 'custom' && (
        <form onSubmit={apply} noValidate aria-label={t.periods.custom}>
          <label>
            {t.from} <input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </label>{' '}
          <label>
            {t.to} <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </label>{' '}
          <button type="submit">{t.show}</button>
          {error && (
            <p role="alert" className="admin-error">
              {error}
            </p>
          )}
        </form>
      )}
      {stats.isError && <p role="alert">{t.error}</p>}
      {!stats.data && !stats.isError && <p role="status">{t.loading}</p>}
      {stats.data && <Report report={stats.data} />}
      <div className="admin-actions">
        <BackButton />
      </div>
    </AdminPage>
  );
}

function Report({ report }: { report: StatsReport }) {
  const pageName = usePageName();
  const [showData, setShowData] = useState(false);
  const csv = [t.csvHeader, ...report.Days.map((d) => `${d.Day};${d.Visitors};${d.Views}`)].join('\r\n');
  return (
    <>
      <h2>{t.periodShown(longDay(report.From), longDay(report.To))}</h2>
      <ul className="stats-totals">
        <li>
          <strong>{t.total(report.Visitors, 'visitors')}</strong> — {t.compared(report.Visitors, report.Previous.Visitors)}
        </li>
        <li>
          <strong>{t.total(report.Views, 'views')}</strong> — {t.compared(report.Views, report.Previous.Views)}
        </li>
      </ul>
      <Chart report={report} />
      <p>
        <button type="button" aria-expanded={showData} onClick={() => setShowData(!showData)}>
          {showData ? t.hideData : t.showData}
        </button>{' '}
        <a download={`statistiques-${report.From}-${report.To}.csv`} href={`data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`}>
          {t.csv}
        </a>
      </p>
      {showData && (
        <Table
          label={t.dataLabel}
          headers={[t.day, t.visitors, t.views]}
          rows={report.Days.map((d) => [longDay(d.Day), d.Visitors, d.Views])}
        />
      )}
      <h2>{t.pages}</h2>
      <Table label={t.pages} headers={[t.page, t.views]} rows={report.Pages.map((p) => [`${pageName(p.Path)} (${p.Path})`, p.Views])} />
      <h2>{t.projects}</h2>
      <Table label={t.projects} headers={[t.project, t.views]} rows={report.Projects.map((p) => [p.Name || t.deletedProject(p.Id), p.Views])} />
      <h2>{t.referrers}</h2>
      <Table label={t.referrers} headers={[t.referrer, t.views]} rows={report.Referrers.map((r) => [siteName(r.Host) === r.Host ? r.Host : `${siteName(r.Host)} (${r.Host})`, r.Views])} />
      <h2>{t.languages}</h2>
      <Table label={t.languages} headers={[t.language, t.views]} rows={report.Languages.map((l) => [t.langs[l.Lang] ?? l.Lang, l.Views])} />
      <h2>{t.devices}</h2>
      <Table label={t.devices} headers={[t.device, t.views]} rows={report.Devices.map((d) => [t.deviceNames[d.Device] ?? d.Device, d.Views])} />
      <h2>{t.quotes}</h2>
      {report.Quotes.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul aria-label={t.quotes}>
          {report.Quotes.map((q) => (
            <li key={q.Id}>
              {t.quote(q.Id, new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeZone: 'America/Toronto' }).format(q.Created))} — {journeyText(q.Journey, pageName)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Table({ label, headers, rows }: { label: string; headers: string[]; rows: Array<Array<string | number>> }) {
  if (rows.length === 0) return <p>{t.none}</p>;
  return (
    <table className="admin-table" aria-label={label}>
      <thead>
        <tr>
          {headers.map((h) => (
            <th scope="col" key={h}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) => (j === 0 ? <th scope="row" key={j}>{cell}</th> : <td key={j}>{cell.toLocaleString('fr-CA')}</td>))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

/** Visitors (bars) and page views (line) per day, drawn in SVG; its numbers are in « Voir les données ». */
function Chart({ report }: { report: StatsReport }) {
  const days = report.Days;
  const max = Math.max(1, ...days.map((d) => Math.max(d.Views, d.Visitors)));
  const inner = { w: WIDTH - PAD.left - PAD.right, h: HEIGHT - PAD.top - PAD.bottom };
  const step = inner.w / Math.max(1, days.length);
  const y = (n: number) => PAD.top + inner.h - (n / max) * inner.h;
  const x = (i: number) => PAD.left + step * i + step / 2;
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  const title = t.chart(longDay(report.From), longDay(report.To));
  return (
    <figure className="stats-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} width="100%">
        <title>{title}</title>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="currentColor" />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" fontSize="12" fill="currentColor">
          {max.toLocaleString('fr-CA')}
        </text>
        <text x={PAD.left - 6} y={y(0)} textAnchor="end" fontSize="12" fill="currentColor">
          0
        </text>
        {days.map((d, i) => (
          <rect key={d.Day} data-day={d.Day} x={x(i) - step * 0.35} width={step * 0.7} y={y(d.Visitors)} height={y(0) - y(d.Visitors)} fill="#b5835a" />
        ))}
        <polyline fill="none" stroke="#2b3a42" strokeWidth="2" points={days.map((d, i) => `${x(i)},${y(d.Views)}`).join(' ')} />
        {days.map((d, i) =>
          i % labelEvery === 0 ? (
            <text key={d.Day} x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="currentColor">
              {shortDay(d.Day)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption>
        <span className="stats-key stats-key--visitors" aria-hidden="true" /> {t.visitors} · <span className="stats-key stats-key--views" aria-hidden="true" /> {t.views}
      </figcaption>
    </figure>
  );
}
