// What a customer checks before calling (issue 31): the RBQ licence (shown as the law wants it,
// with a link to the RBQ's register of licence holders), the opening hours in full and in the
// footer's compact form (« Lun–ven 7 h 30–17 h »). The texts come from the page's catalogue.
import type { PublicMessages } from '../messages';
import type { SiteSettings } from './site';

/** The RBQ's public register of licence holders, where a customer checks a licence. */
export const RBQ_REGISTER = 'https://www.rbq.gouv.qc.ca/services-en-ligne/licence/registre-des-detenteurs-de-licence/';

type Ranges = NonNullable<SiteSettings['Hours']>[number];
type Trust = PublicMessages['site']['trust'];

/** « 07:30 » as the page says it: « 7 h 30 » or "7:30 a.m.". */
export const timeOf = (t: Trust, hhmm: string) => t.time(Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)));

/** A day's ranges, « 7 h 30–17 h, 18 h–20 h », or '' for a closed day. */
export const rangesOf = (t: Trust, ranges: Ranges) => ranges.map((r) => `${timeOf(t, r.Open)}–${timeOf(t, r.Close)}`).join(', ');

/**
 * The week in short: consecutive days with the same hours together, closed days left out
 * (« Lun–ven 7 h 30–17 h · sam 9 h–12 h »); '' when no day has hours.
 */
export function compactHours(t: Trust, hours: SiteSettings['Hours']): string {
  const parts: string[] = [];
  const week = hours ?? [];
  for (let day = 0; day < week.length; ) {
    const text = rangesOf(t, week[day] ?? []);
    let last = day;
    while (last + 1 < week.length && rangesOf(t, week[last + 1] ?? []) === text) last++;
    if (text) parts.push(`${t.short[day]}${last > day ? `–${t.short[last]}` : ''} ${text}`);
    day = last + 1;
  }
  const text = parts.join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * « juillet 2025 » (July 2025) of « 2025-07 ». The month's and the day's names come from the
 * catalogues, not from Intl: a page's first Intl.DateTimeFormat loads the locale's ICU data, about
 * 25 ms of a fast computer's main thread (100 ms on a phone) on every page with a testimonial.
 */
export const monthOf = (t: Trust, month: string) => `${t.months[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;

/** « Lundi » (Monday) of day 0 (Monday) to 6 (Sunday). */
export const dayOf = (t: Trust, day: number) => t.days[day] ?? '';
