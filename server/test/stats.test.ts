// Visit statistics (issue 30): the beacon, what it does not count, once a second per visitor and
// path, the day's key at midnight, the retention, the report, a quote request's journey. One app
// for the file, on a clock the tests move forward (never back).
import type { Quote, StatsReport } from '../../contract/api.ts';
import { MIN_FILL_MS } from '../quotes/rules.ts';
import { createStats } from '../stats/stats.service.ts';
import { localTime } from '../stats/visit.ts';
import { build, type TestApp } from './helper.ts';
import { quoteForm } from './mailCatcher.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY = 86_400_000;

// 10:00 in Gatineau (UTC-5 in November).
let clock = Date.parse('2026-11-25T15:00:00Z');
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await build({ config: { now: () => clock, quoteLimit: { max: 1000, windowMs: 3_600_000 } } });
  token = (await t.login()).Token;
});
afterAll(async () => t?.close());

/** A beacon as the public page sends it: no cookie, no XSRF token. */
const view = (path: string, { referrer = '', ua = IPHONE, headers = {}, ip }: { referrer?: string; ua?: string; headers?: Record<string, string>; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stats/view',
    headers: { 'content-type': 'application/json', 'user-agent': ua, ...headers },
    payload: JSON.stringify({ Path: path, Referrer: referrer }),
    ...(ip ? { remoteAddress: ip } : {}),
  });

const report = async (from: string, to = from) => {
  await t.app.services.stats.flush();
  const res = await t.call('GET', `/api/stats/?from=${from}&to=${to}`, { token });
  expect(res.statusCode).toBe(200);
  return res.json<StatsReport>();
};
const viewRows = () => t.db.selectFrom('stats_view').selectAll().orderBy('id').execute();

test('a public page viewed from Google on a phone: counted, with its page, project, referring site, language and device; 204 without cookie or XSRF token', async () => {
  const res = await view('/project/1', { referrer: 'https://www.google.com/search?q=terrasse' });
  expect(res.statusCode).toBe(204);
  expect(res.body).toBe('');
  // Nor does it hand out one: the browser sends it without cookies and would drop it.
  expect(res.headers['set-cookie']).toBeUndefined();
  expect((await t.call('GET', '/api/stats/view?Path=%2Fwelcome', { xsrf: false })).headers['set-cookie']).toBeUndefined();
  expect((await view('/en/welcome?utm_source=gbp', { ua: DESKTOP })).statusCode).toBe(204);
  const r = await report('2026-11-25');
  expect(r).toMatchObject({ Views: 2, Visitors: 2, Days: [{ Day: '2026-11-25', Views: 2, Visitors: 2 }] });
  expect(r.Pages).toEqual(expect.arrayContaining([{ Path: '/project/1', Views: 1 }, { Path: '/welcome', Views: 1 }]));
  expect(r.Projects).toEqual([{ Id: 1, Name: expect.any(String), Views: 1 }]);
  expect(r.Projects[0]?.Name).not.toBe('');
  expect(r.Referrers).toEqual(expect.arrayContaining([{ Host: 'google.com', Views: 1 }, { Host: 'gbp', Views: 1 }]));
  expect(r.Languages).toEqual(expect.arrayContaining([{ Lang: 'fr', Views: 1 }, { Lang: 'en', Views: 1 }]));
  expect(r.Devices).toEqual(expect.arrayContaining([{ Device: 'phone', Views: 1 }, { Device: 'computer', Views: 1 }]));
  // No address is stored: the visitor is a keyed hash.
  const rows = await viewRows();
  expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
  expect(rows.map((row) => row.hour)).toEqual([10, 10]);
});

test('not counted: bots and crawlers, no user agent, prefetches and prerenders, admin and API paths, unknown pages and records, another site; a forged referrer is refused', async () => {
  const before = (await viewRows()).length;
  const ignored = [
    view('/welcome', { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
    view('/welcome', { ua: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' }),
    view('/welcome', { ua: '' }),
    view('/welcome', { headers: { 'sec-purpose': 'prefetch' } }),
    view('/about', { headers: { 'sec-purpose': 'prefetch;prerender' } }),
    view('/contact', { headers: { purpose: 'prefetch' } }),
    view('/admin'),
    view('/admin/quotes'),
    view('/en/admin'),
    view('/api/category/all/'),
    view('/project/99999'),
    view('/project/abc'),
    view('/nowhere'),
    view('//evil.example/welcome'),
  ];
  for (const res of await Promise.all(ignored)) expect(res.statusCode).toBe(204);
  for (const referrer of ['https://google.com/\u0000', 'https://x.ca/\r\nSet-Cookie: a=b']) {
    const res = await view('/welcome', { referrer });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Result: false });
  }
  await t.app.services.stats.flush();
  expect(await viewRows()).toHaveLength(before);
});

test('at most once a second per visitor and path: a flood counts once, the next second again; another visitor counts on their own; 429 past the address limit', async () => {
  const before = (await report('2026-11-25')).Views;
  for (let i = 0; i < 5; i++) expect((await view('/about', { ip: '10.0.0.7' })).statusCode).toBe(204);
  await view('/about', { ip: '10.0.0.7', ua: DESKTOP });
  expect((await report('2026-11-25')).Views).toBe(before + 2);
  clock += 1000;
  await view('/about', { ip: '10.0.0.7' });
  expect((await report('2026-11-25')).Views).toBe(before + 3);
  // 120 beacons a minute per address, then 429 with Retry-After.
  let last = await view('/about', { ip: '10.0.0.8' });
  for (let i = 1; i < 121 && last.statusCode === 204; i++) last = await view('/about', { ip: '10.0.0.8' });
  expect(last.statusCode).toBe(429);
  expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  expect(last.json<{ Message: string }>().Message).toMatch(/Trop de pages vues/);
});

test('without JavaScript: the <noscript> image counts the page and answers a GIF, never cached', async () => {
  const before = (await report('2026-11-25')).Views;
  const res = await t.app.inject({ method: 'GET', url: '/api/stats/view?Path=%2Fcontact', headers: { 'user-agent': DESKTOP }, remoteAddress: '10.0.0.9' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/gif');
  expect(res.headers['cache-control']).toMatch(/no-store/);
  expect((await report('2026-11-25')).Views).toBe(before + 1);
});

test('the report: 401 without a token; an impossible date refused; reversed dates taken in order, a period over 366 days cut; every day of the period, with the previous period', async () => {
  expect((await t.call('GET', '/api/stats/?from=2026-11-25&to=2026-11-25')).statusCode).toBe(401);
  for (const query of ['from=2026-02-31&to=2026-03-01', 'from=2026-11-01']) {
    const res = await t.call('GET', `/api/stats/?${query}`, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Result: false, Message: expect.stringMatching(/from|to/) });
  }
  expect(await report('2026-11-25', '2026-11-19')).toMatchObject({ From: '2026-11-19', To: '2026-11-25' });
  const long = await report('2024-01-01', '2026-01-01');
  expect([long.From, long.To, long.Days.length]).toEqual(['2025-01-01', '2026-01-01', 366]);
  expect((await report('0001-01-01', '0001-01-02')).From).toBe('2000-01-01');
  const r = await report('2026-11-19', '2026-11-25');
  expect(r.Days.map((d) => d.Day)).toEqual(['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']);
  expect(r.Days.slice(0, 6).every((d) => d.Views === 0)).toBe(true);
  expect(r.Previous).toEqual({ From: '2026-11-12', To: '2026-11-18', Views: 0, Visitors: 0 });
  expect((await report('2026-11-26', '2026-12-02')).Previous).toMatchObject({ From: '2026-11-19', To: '2026-11-25', Views: r.Views, Visitors: r.Visitors });
});

test('a quote request records the visit that led to it: the referring site, then the pages seen that day', async () => {
  const ip = '10.0.1.1';
  await view('/welcome', { ip, referrer: 'https://www.google.ca/' });
  clock += 2000;
  await view('/project/1', { ip });
  clock += 2000;
  await view('/contact', { ip });
  const formToken = (await t.call('GET', '/api/quote/form')).json<{ Token: string }>().Token;
  clock += MIN_FILL_MS + 1000;
  const form = quoteForm({ Name: 'Julie Gagnon', Email: 'julie@exemple.ca', Phone: '', City: '', Work: '', Message: 'Bonjour, je voudrais une terrasse en cèdre.', Consent: 'oui', Website: '', Token: formToken });
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/quote',
    remoteAddress: ip,
    headers: { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x', 'user-agent': IPHONE, accept: 'application/json', 'content-type': form.contentType },
    payload: form.payload,
  });
  expect(sent.json()).toMatchObject({ Result: true });
  const [row] = await t.db.selectFrom('quote').select('id').orderBy('id', 'desc').limit(1).execute();
  const quote = (await t.call('GET', `/api/quote/${row?.id}`, { token })).json<Quote>();
  expect(quote.Journey).toEqual(['google.ca', '/welcome', '/project/1', '/contact']);
  expect((await report('2026-11-25')).Quotes).toEqual([{ Id: row?.id, Created: clock, Journey: quote.Journey }]);
});

test('rows per day are bounded: past the limit, views still count in the day’s total but are not kept one by one', async () => {
  const stats = createStats({ db: t.db, now: () => clock, log: { warn() {}, error() {} }, maxRowsPerDay: (await viewRows()).length + 1 });
  const before = (await report('2026-11-25')).Views;
  for (const path of ['/welcome', '/about', '/contact']) stats.record({ path, referrer: '', address: '10.0.2.1', userAgent: DESKTOP, host: 'localhost', purpose: '' });
  const rows = (await viewRows()).length;
  await stats.close();
  expect((await viewRows()).length).toBe(rows + 1);
  expect((await report('2026-11-25')).Views).toBe(before + 3);
});

test('the day’s key changes at midnight and yesterday’s is gone; a visitor of today cannot be linked to yesterday', async () => {
  const keys = () => t.db.selectFrom('stats_key').selectAll().execute();
  const visitorOf = async (day: string) => (await t.db.selectFrom('stats_view').select('visitor').where('day', '=', day).where('path', '=', '/about').orderBy('id', 'desc').executeTakeFirst())?.visitor;
  await view('/about', { ip: '10.0.3.3' });
  await t.app.services.stats.flush();
  const [yesterday] = await keys();
  expect(yesterday?.day).toBe('2026-11-25');
  const before = await visitorOf('2026-11-25');
  // 00:00:01 in Gatineau, the next day.
  clock = Date.parse('2026-11-26T05:00:01Z');
  await view('/about', { ip: '10.0.3.3' });
  await t.app.services.stats.flush();
  const now = await keys();
  expect(now.map((k) => k.day)).toEqual(['2026-11-26']);
  expect(now[0]?.secret).not.toBe(yesterday?.secret);
  expect(await visitorOf('2026-11-26')).not.toBe(before);
  expect(await t.db.selectFrom('stats_visitor').select('day').distinct().execute()).toEqual([{ day: '2026-11-26' }]);
  // Without any view, the hourly purge forgets a past day's key too.
  clock += DAY;
  await t.app.services.purgeExpired();
  expect(await keys()).toEqual([]);
});

test('retention: views older than STATS_RETENTION_DAYS are deleted, the daily totals stay', async () => {
  token = (await t.login()).Token;
  const kept = await report('2026-11-25');
  expect(kept.Views).toBeGreaterThan(0);
  clock = Date.parse('2026-11-25T15:00:00Z') + 394 * DAY;
  expect((await t.app.services.purgeExpired()).stats).toBe(0);
  clock += 2 * DAY;
  expect((await t.app.services.purgeExpired()).stats).toBeGreaterThan(0);
  token = (await t.login()).Token;
  expect(await t.db.selectFrom('stats_view').select('id').where('day', '=', '2026-11-25').execute()).toEqual([]);
  const after = await report('2026-11-25');
  expect(after).toMatchObject({ Views: kept.Views, Visitors: kept.Visitors, Pages: [], Referrers: [] });
});

test("the business's day and hour across the change of time (Gatineau, 2026-11-01: 02:00 EDT becomes 01:00 EST), asked in any order", () => {
  const at = (iso: string) => localTime(Date.parse(iso));
  expect(at('2026-11-01T05:59:59Z')).toEqual({ day: '2026-11-01', hour: 1 });
  expect(at('2026-11-02T05:00:00Z')).toEqual({ day: '2026-11-02', hour: 0 });
  expect(at('2026-11-01T06:00:00Z')).toEqual({ day: '2026-11-01', hour: 1 });
  expect(at('2026-11-01T06:30:00Z')).toEqual({ day: '2026-11-01', hour: 1 });
  expect(at('2026-11-02T04:59:59Z')).toEqual({ day: '2026-11-01', hour: 23 });
  expect(at('2026-11-01T03:59:59Z')).toEqual({ day: '2026-10-31', hour: 23 });
  expect(at('2026-11-01T04:00:00Z')).toEqual({ day: '2026-11-01', hour: 0 });
});
