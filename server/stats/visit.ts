// What a page view is made of (issue 30), from the beacon's plain values: the public page it
// shows (French path, language, the record's id), the referring site, the device class, and the
// business's local day and hour. Pure functions: nothing here knows HTTP or the database.
import { isbot } from 'isbot';
import { fixedPages, frenchPath, langOfPath, parseId, type Lang } from '../../contract/paths.ts';

/** The business's time zone (Gatineau): a day of the statistics is a day there. */
export const STATS_TIME_ZONE = 'America/Toronto';
export const DAY_MS = 24 * 60 * 60 * 1000;

export type Device = 'phone' | 'tablet' | 'computer';

/** A public page, as the statistics keep it. */
export interface Page {
  /** The French path, without query: `/project/3`. */
  path: string;
  lang: Lang;
  projectId: number | null;
  typeId: number | null;
  categoryId: number | null;
  /** The page's utm_source, cleaned ('' when none). */
  utmSource: string;
}

const WITH_ID = /^\/(typeslist|projecttype|project)\/([^/]+)$/;
const ORIGIN = 'http://page.invalid';
const PLAIN_PATH = /^\/[A-Za-z0-9_/-]*$/;

/** The public page a beacon names (its path as the browser shows it, query included), or null: admin, API, unknown path. */
export function pageOf(raw: string): Page | null {
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // A plain path (no query, dot, escape or backslash: nearly every beacon) is its own pathname;
  // anything else is read as the browser would.
  let pathname = raw;
  let utmSource = '';
  if (!PLAIN_PATH.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw, ORIGIN);
    } catch {
      return null;
    }
    if (url.origin !== ORIGIN) return null;
    pathname = url.pathname;
    utmSource = cleanSource(url.searchParams.get('utm_source') ?? '');
  }
  const lang = langOfPath(pathname);
  const path = frenchPath(pathname);
  const page = { path, lang, projectId: null, typeId: null, categoryId: null, utmSource };
  if (fixedPages.includes(path)) return page;
  const match = WITH_ID.exec(path);
  const id = parseId(match?.[2]);
  if (!match || id === null) return null;
  if (match[1] === 'project') return { ...page, projectId: id };
  if (match[1] === 'projecttype') return { ...page, typeId: id };
  return { ...page, categoryId: id };
}

/** A utm_source as kept: lower case, letters, digits, `.`, `_`, `-`, at most 60 characters. */
function cleanSource(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9._-]/g, '').slice(0, 60);
}

/**
 * The referring site of a view: the page's utm_source when it has one, else the host of the
 * referring page (lower case, without `www.`), '' for none, another page of this site or
 * anything that is not an http(s) address.
 */
export function referrerOf(referrer: string, utmSource: string, ownHost: string): string {
  if (utmSource !== '') return utmSource;
  if (referrer === '' || !URL.canParse(referrer)) return '';
  const url = new URL(referrer);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
  if (url.host === ownHost.toLowerCase()) return '';
  const host = url.hostname.replace(/^www\./, '');
  return /^[a-z0-9.-]{1,253}$/.test(host) ? host : '';
}

/** The device class of a user agent (an iPad that says it is a Mac counts as a computer). */
export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|Kindle|Silk|PlayBook|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent)) return 'phone';
  return 'computer';
}

/**
 * Whether a request is a person's view: not a bot or crawler (isbot's maintained list, and no
 * user agent at all), not a prefetch or a prerender not yet shown (their `Sec-Purpose`,
 * `Purpose` or `X-Moz` header).
 */
export function isPersonsView(userAgent: string, purpose: string): boolean {
  if (userAgent.trim() === '' || isBot(userAgent)) return false;
  return !/prefetch|prerender|preview/i.test(purpose);
}

/**
 * isbot's answer, remembered per user agent: visitors' browsers repeat a few hundred agents, and
 * isbot's pattern was a third of a beacon's own work (bench:load). At most BOT_MEMO entries of at
 * most BOT_MEMO_LENGTH characters (a longer agent is checked each time), forgotten all at once.
 */
const BOT_MEMO = 1000;
const BOT_MEMO_LENGTH = 512;
const botMemo = new Map<string, boolean>();
function isBot(userAgent: string): boolean {
  const known = botMemo.get(userAgent);
  if (known !== undefined) return known;
  const bot = isbot(userAgent);
  if (userAgent.length <= BOT_MEMO_LENGTH) {
    if (botMemo.size >= BOT_MEMO) botMemo.clear();
    botMemo.set(userAgent, bot);
  }
  return bot;
}

const localParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: STATS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

const HOUR_MS = 60 * 60 * 1000;
/** The last answer, for its UTC hour: the zone's offsets are whole hours, so the local day and hour hold for the whole UTC hour. */
let lastLocal: { utcHour: number; time: { day: string; hour: number } } | null = null;

/** The business's local day (YYYY-MM-DD) and hour (0-23) at `ms` (Intl's answer, once per hour: it took 2 % of a beacon's time). */
export function localTime(ms: number): { day: string; hour: number } {
  const utcHour = Math.floor(ms / HOUR_MS);
  if (lastLocal?.utcHour === utcHour) return lastLocal.time;
  const parts: Record<string, string> = {};
  for (const part of localParts.formatToParts(ms)) parts[part.type] = part.value;
  const time = { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) % 24 };
  lastLocal = { utcHour, time };
  return time;
}

/** A day (YYYY-MM-DD) moved `n` days (calendar days: no time zone involved). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whether `value` is a real day of the calendar (2026-02-31 is not). */
export const isRealDay = (value: string): boolean => {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
};

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A quote request's journey as stored (JSON), as the API gives it: [] when unreadable. */
export function parseJourney(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}
