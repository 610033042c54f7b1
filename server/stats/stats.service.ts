// Visit statistics (issue 30), counted by the site itself: no cookie, nothing in the browser,
// no third party. A public page's beacon is checked and queued at once (record: no database
// work, the answer never waits), and the queue is written every second, or as soon as it holds
// BATCH_ROWS views, and when the server closes: a crash loses at most the last second of views.
//
// A visitor is recognised within one day only: the keyed hash (HMAC-SHA-256) of the address and
// user agent with the day's random key, which is stored in the database (every process uses the
// same) and deleted once the day is over, so that tomorrow's visitor cannot be linked to today's.
// No address is stored.
//
// Bounded: at most ONCE_MS one view per visitor and path (in this process's memory, and across
// processes by the views' unique index); RATE_LIMIT views a minute per address (429 beyond);
// at most QUEUE_MAX views waiting; at most maxRowsPerDay rows a day (views beyond still count in
// the day's total, but are not kept one by one). Views are kept retentionDays, daily totals for
// ever.
import { createHmac, randomBytes } from 'node:crypto';
import type { StatsReport } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import { DomainError } from '../domain/errors.ts';
import type { Log } from '../domain/log.ts';
import { messages } from '../domain/messages.ts';
import * as repo from './stats.repository.ts';
import { addDays, daysBetween, deviceOf, isPersonsView, isRealDay, localTime, pageOf, parseJourney, referrerOf, type Device } from './visit.ts';

export const DEFAULT_STATS_RETENTION_DAYS = 395;
/** Rows of views kept per day at most (views beyond count in the day's total only): 395 days × 20,000 rows ≈ 8 million rows, about 1 GB at worst. */
export const MAX_ROWS_PER_DAY = 20_000;
const FLUSH_MS = 1000;
const BATCH_ROWS = 500;
const QUEUE_MAX = 10_000;
const ONCE_MS = 1000;
const RATE_LIMIT = { views: 120, windowMs: 60_000 };
/** How often the addresses of windows gone by are forgotten (every second, 40,000 of them took 5 % of a flood's time). */
const SWEEP_MS = 10_000;
/** Addresses remembered for the rate limit at most (a flood of new addresses is refused beyond). */
const ADDRESSES_MAX = 50_000;
export const MAX_PERIOD_DAYS = 366;
const MIN_DAY = '2000-01-01';
const MAX_DAY = '2100-12-31';
const TOP = 20;
const JOURNEY_PAGES = 20;

/** A beacon, as the edge hands it over: plain values. */
export interface Beacon {
  /** The page's path as the browser shows it (query included). */
  path: string;
  /** Where the visitor came from ('' after the first page). */
  referrer: string;
  /** The visitor's address, as the edge trusts it (never stored). */
  address: string;
  userAgent: string;
  /** This site's host (a referrer of this site is no referring site). */
  host: string;
  /** The request's Sec-Purpose, Purpose or X-Moz header ('' when none). */
  purpose: string;
}

export type Recorded = 'counted' | 'ignored' | { retryAfterSeconds: number };

export interface Stats {
  readonly retentionDays: number;
  /** Checks a beacon and queues its view; never waits on the database. */
  record(beacon: Beacon): Recorded;
  /** Writes the queued views now (tests; the timer does it every second). */
  flush(): Promise<void>;
  /** The visit of this address and user agent today: the referring site ('' when none) then the paths seen, or [] when none. */
  journey(address: string, userAgent: string): Promise<string[]>;
  report(from: string, to: string): Promise<StatsReport>;
  /** Deletes the views older than the retention period and the keys of past days; returns how many views. */
  purge(): Promise<number>;
  close(): Promise<void>;
}

export interface StatsOptions {
  db: Db;
  now: () => number;
  retentionDays?: number;
  log: Log;
  /** Rows kept per day at most (tests lower it). */
  maxRowsPerDay?: number;
}

interface Queued {
  day: string;
  hour: number;
  second: number;
  path: string;
  projectId: number | null;
  typeId: number | null;
  categoryId: number | null;
  lang: 'fr' | 'en';
  referrer: string;
  device: Device;
  /** Address and user agent, hashed with the day's key when written, then forgotten. */
  who: string;
}

const visitorKey = (secret: string, who: string) => createHmac('sha256', secret).update(who).digest('base64url').slice(0, 22);
const whoOf = (address: string, userAgent: string) => `${address}\n${userAgent}`;

export function createStats(options: StatsOptions): Stats {
  const { db, now, log } = options;
  const retentionDays = options.retentionDays ?? DEFAULT_STATS_RETENTION_DAYS;
  const maxRows = options.maxRowsPerDay ?? MAX_ROWS_PER_DAY;
  let queue: Queued[] = [];
  /** The `who path lang` seen in the current second (in-process half of "once a second"), and that second. */
  let seen = new Set<string>();
  let seenSecond = 0;
  /** address → views in the current window; those of windows gone by are swept every SWEEP_MS. */
  const perAddress = new Map<string, { start: number; count: number }>();
  let swept = 0;
  let key: { day: string; secret: string } | null = null;
  let writing: Promise<void> = Promise.resolve();

  /** Today's key, made when there is none; the past days' keys and visitors deleted. */
  async function todaysKey(day: string): Promise<string> {
    if (key?.day === day) return key.secret;
    await repo.forgetDaysBefore(db, day);
    const secret = await repo.keyOfDay(db, day, randomBytes(32).toString('base64url'));
    key = { day, secret };
    return secret;
  }

  function limited(address: string, at: number): number | null {
    let entry = perAddress.get(address);
    if (!entry || at - entry.start >= RATE_LIMIT.windowMs) {
      if (!entry && perAddress.size >= ADDRESSES_MAX) return Math.ceil(RATE_LIMIT.windowMs / 1000);
      entry = { start: at, count: 0 };
      perAddress.set(address, entry);
    }
    entry.count += 1;
    return entry.count > RATE_LIMIT.views ? Math.max(1, Math.ceil((entry.start + RATE_LIMIT.windowMs - at) / 1000)) : null;
  }

  function record(beacon: Beacon): Recorded {
    if (!isPersonsView(beacon.userAgent, beacon.purpose)) return 'ignored';
    const page = pageOf(beacon.path);
    if (!page) return 'ignored';
    const at = now();
    const wait = limited(beacon.address, at);
    if (wait !== null) return { retryAfterSeconds: wait };
    const who = whoOf(beacon.address, beacon.userAgent);
    const second = Math.floor(at / ONCE_MS);
    const seenKey = `${who}\n${page.path}\n${page.lang}`;
    if (second !== seenSecond) {
      seen = new Set();
      seenSecond = second;
    }
    if (seen.has(seenKey)) return 'ignored';
    if (queue.length >= QUEUE_MAX) return 'ignored';
    seen.add(seenKey);
    const { day, hour } = localTime(at);
    queue.push({
      day,
      hour,
      second,
      path: page.path,
      projectId: page.projectId,
      typeId: page.typeId,
      categoryId: page.categoryId,
      lang: page.lang,
      referrer: referrerOf(beacon.referrer, page.utmSource, beacon.host),
      device: deviceOf(beacon.userAgent),
      who,
    });
    if (queue.length >= BATCH_ROWS) void flush();
    return 'counted';
  }

  async function write(batch: Queued[]): Promise<void> {
    const today = localTime(now()).day;
    // Views of a day already over (the last second before midnight): its key is gone, so are they.
    const views = batch.filter((view) => view.day === today);
    if (views.length === 0) return;
    const ids = await repo.existingIds(db, {
      project: [...new Set(views.flatMap((v) => (v.projectId === null ? [] : [v.projectId])))],
      type: [...new Set(views.flatMap((v) => (v.typeId === null ? [] : [v.typeId])))],
      category: [...new Set(views.flatMap((v) => (v.categoryId === null ? [] : [v.categoryId])))],
    });
    const secret = await todaysKey(today);
    const rows = views
      .filter((v) => (v.projectId === null || ids.project.has(v.projectId)) && (v.typeId === null || ids.type.has(v.typeId)) && (v.categoryId === null || ids.category.has(v.categoryId)))
      .map((v) => ({
        day: v.day,
        hour: v.hour,
        second: v.second,
        path: v.path,
        project_id: v.projectId,
        type_id: v.typeId,
        lang: v.lang,
        referrer: v.referrer,
        device: v.device,
        visitor: visitorKey(secret, v.who),
      }));
    for (let i = 0; i < rows.length; i += BATCH_ROWS) await repo.addViews(db, today, rows.slice(i, i + BATCH_ROWS), maxRows);
  }

  /** Writes what is queued, one write at a time. */
  function flush(): Promise<void> {
    writing = writing.then(async () => {
      const batch = queue;
      queue = [];
      const at = now();
      if (at - swept >= SWEEP_MS) {
        swept = at;
        for (const [k, e] of perAddress) if (at - e.start >= RATE_LIMIT.windowMs) perAddress.delete(k);
      }
      if (batch.length === 0) return;
      await write(batch).catch((error: unknown) => log.error({ err: error, views: batch.length }, messages.log.statsFlush));
    });
    return writing;
  }

  const timer = setInterval(() => void flush(), FLUSH_MS);
  timer.unref();

  async function journey(address: string, userAgent: string): Promise<string[]> {
    await flush();
    const day = localTime(now()).day;
    const secret = await repo.storedKey(db, day);
    if (secret === null) return [];
    const views = await repo.visitOf(db, day, visitorKey(secret, whoOf(address, userAgent)));
    if (views.length === 0) return [];
    const paths: string[] = [];
    for (const { path } of views) if (!paths.includes(path)) paths.push(path);
    return [views.find((v) => v.referrer !== '')?.referrer ?? '', ...paths.slice(-JOURNEY_PAGES)];
  }

  /**
   * The period asked, as answered (its From and To say it): dates in 2000-2100, in order, at most
   * MAX_PERIOD_DAYS ending on the later one. The screen says what it refuses before asking.
   */
  async function report(first: string, last: string): Promise<StatsReport> {
    for (const day of [first, last]) if (!isRealDay(day)) throw new DomainError('invalid', messages.stats.invalidDay(day));
    const clamp = (day: string) => (day < MIN_DAY ? MIN_DAY : day > MAX_DAY ? MAX_DAY : day);
    const to = clamp(first > last ? first : last);
    let from = clamp(first > last ? last : first);
    if (daysBetween(from, to) > MAX_PERIOD_DAYS) from = addDays(to, 1 - MAX_PERIOD_DAYS);
    const length = daysBetween(from, to);
    const totals = new Map((await repo.dayTotals(db, from, to)).map((row) => [row.day, row]));
    const Days = Array.from({ length }, (_, i) => {
      const day = addDays(from, i);
      const row = totals.get(day);
      return { Day: day, Views: Number(row?.views ?? 0), Visitors: Number(row?.visitors ?? 0) };
    });
    const prevTo = addDays(from, -1);
    const prevFrom = addDays(from, -length);
    const previous = await repo.dayTotals(db, prevFrom, prevTo);
    const projects = await repo.topOf(db, 'project_id', from, to, TOP);
    const names = await repo.projectNames(db, projects.map((p) => Number(p.key)));
    // Quote requests of the period's local days: a day around it is read, then each request's own day checked.
    const quotes = (await repo.quotesBetween(db, Date.parse(`${from}T00:00:00Z`) - 2 * 86_400_000, Date.parse(`${to}T00:00:00Z`) + 3 * 86_400_000)).filter((q) => {
      const day = localTime(q.created_at).day;
      return day >= from && day <= to;
    });
    return {
      From: from,
      To: to,
      Views: Days.reduce((sum, d) => sum + d.Views, 0),
      Visitors: Days.reduce((sum, d) => sum + d.Visitors, 0),
      Previous: {
        From: prevFrom,
        To: prevTo,
        Views: previous.reduce((sum, d) => sum + Number(d.views), 0),
        Visitors: previous.reduce((sum, d) => sum + Number(d.visitors), 0),
      },
      Days,
      Pages: (await repo.topOf(db, 'path', from, to, TOP)).map((r) => ({ Path: String(r.key), Views: r.views })),
      Projects: projects.map((r) => ({ Id: Number(r.key), Name: names.get(Number(r.key)) ?? '', Views: r.views })),
      Referrers: (await repo.topOf(db, 'referrer', from, to, TOP)).map((r) => ({ Host: String(r.key), Views: r.views })),
      Languages: (await repo.topOf(db, 'lang', from, to, TOP)).map((r) => ({ Lang: r.key as 'fr' | 'en', Views: r.views })),
      Devices: (await repo.topOf(db, 'device', from, to, TOP)).map((r) => ({ Device: r.key as Device, Views: r.views })),
      Quotes: quotes.map((q) => ({ Id: q.id, Created: q.created_at, Journey: parseJourney(q.journey) })),
      RetentionDays: retentionDays,
    };
  }

  async function purge(): Promise<number> {
    const today = localTime(now()).day;
    await repo.forgetDaysBefore(db, today);
    if (key && key.day < today) key = null;
    return repo.deleteViewsBefore(db, addDays(today, -retentionDays));
  }

  return {
    retentionDays,
    record,
    flush,
    journey,
    report,
    purge,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
