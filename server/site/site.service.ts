// The site's settings (the business's identity, the public pages' texts and photos) and its menu
// (the owner's; by default the table of the specification): the rules of their calls. Both carry
// their English texts (issue 27) as En, every key present in a read ('' while not translated); a
// write without En keeps the stored English.
import type { Menu, MenuDropdown, MenuLink, MutationResult, SiteSettings, SiteSettingsEn } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse } from '../domain/results.ts';
import { liveImages } from '../media/image.repository.ts';
import type { MediaSource } from '../projects/views.ts';
import { existingPages, readMenu, readSite, writeMenu, writeSite } from './site.repository.ts';

/** The English texts of settings that have none yet: nothing translated. */
const untranslated: SiteSettingsEn = { AreaServed: '', WelcomeTagline: '', WelcomeIntro: '', Specialties: [], AboutIntro: '', AboutServices: [], FooterServices: [], HoursNote: '' };

/** What settings stored before issue 31 lack: no licence, no hours given, no note. */
const noTrust: Required<Pick<SiteSettings, 'RbqLicence' | 'Hours' | 'HoursNote'>> = { RbqLicence: '', Hours: [[], [], [], [], [], [], []], HoursNote: '' };

/** The licence as stored and shown: its ten digits as 1234-5678-90 ('' stays ''). */
export function formatLicence(licence: string): string {
  const digits = licence.replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8)}` : '';
}

/** Why the opening hours are refused (a range ending before it starts, a day's two ranges overlapping), or null. */
export function hoursRefusal(hours: NonNullable<SiteSettings['Hours']>): string | null {
  for (const [i, ranges] of hours.entries()) {
    const day = messages.site.days[i] ?? '';
    for (const range of ranges) if (range.Close <= range.Open) return messages.site.hoursOrder(day, range.Open, range.Close);
    const [first, second] = [...ranges].sort((a, b) => a.Open.localeCompare(b.Open));
    if (first && second && second.Open < first.Close) return messages.site.hoursOverlap(day);
  }
  return null;
}

/** The settings, with every key of their English texts and the Media of the pages' photos. */
export async function getSite(db: Db, images: MediaSource): Promise<SiteSettings> {
  const site = await readSite(db);
  const media = await images.media([site.WelcomePhoto, site.AboutPhoto, site.ContactPhoto]);
  const of = (name: string) => media.get(name);
  const PhotoMedia = { Welcome: of(site.WelcomePhoto), About: of(site.AboutPhoto), Contact: of(site.ContactPhoto) };
  return { ...noTrust, ...site, En: { ...untranslated, ...site.En }, PhotoMedia: Object.fromEntries(Object.entries(PhotoMedia).filter(([, m]) => m !== undefined)) };
}

/**
 * The English cards and services pair with the French ones by position: never more of them. Kept
 * English (a write without En) loses those whose French one is gone.
 */
function englishRefusal(site: SiteSettings, en: SiteSettingsEn): string | null {
  const { labels } = messages.validation;
  if (en.Specialties.length > site.Specialties.length) return messages.site.englishUnpaired(labels.Specialties as string, en.Specialties.length, site.Specialties.length);
  if (en.AboutServices.length > site.AboutServices.length) return messages.site.englishUnpaired(labels.AboutServices as string, en.AboutServices.length, site.AboutServices.length);
  return null;
}

/** The stored English of settings written without En, but for cards and services whose French one is gone. */
function keptEnglish(site: SiteSettings, stored: SiteSettingsEn | undefined): SiteSettingsEn {
  const kept = { ...untranslated, ...stored };
  return { ...kept, Specialties: kept.Specialties.slice(0, site.Specialties.length), AboutServices: kept.AboutServices.slice(0, site.AboutServices.length) };
}

export async function updateSite(db: Db, { PhotoMedia: _answered, ...site }: SiteSettings, year: number): Promise<MutationResult> {
  if (site.Since > year) return refuse(messages.site.sinceFuture(site.Since));
  const badHours = site.Hours ? hoursRefusal(site.Hours) : null;
  if (badHours) return refuse(badHours);
  const unpaired = site.En ? englishRefusal(site, site.En) : null;
  if (unpaired) return refuse(unpaired);
  return db.transaction().execute(async (trx) => {
    // Each page photo is a photo of the library (not deleted, not a video).
    const photos = [site.WelcomePhoto, site.AboutPhoto, site.ContactPhoto];
    const rows = await liveImages(trx, photos);
    for (const name of photos) {
      const row = rows.find((r) => r.name === name);
      if (!row) return refuse(messages.site.photoMissing(name));
      if (!row.type.startsWith('image/')) return refuse(messages.site.photoIsVideo(name));
    }
    const exists = await existingPages(trx);
    const card = site.Specialties.findIndex((c) => !exists(c.Target));
    if (card >= 0) return refuse(messages.site.cardTargetMissing(card + 1, site.Specialties[card]?.Target ?? ''));
    // A write without the licence, the hours or their note keeps the stored ones (issue 31), as one without En keeps the English.
    const stored = await readSite(trx);
    const kept = { ...noTrust, RbqLicence: stored.RbqLicence, Hours: stored.Hours, HoursNote: stored.HoursNote };
    const trust = {
      RbqLicence: formatLicence(site.RbqLicence ?? kept.RbqLicence ?? ''),
      Hours: site.Hours ?? kept.Hours ?? noTrust.Hours,
      HoursNote: site.HoursNote ?? kept.HoursNote ?? '',
    };
    const en = site.En ?? keptEnglish(site, stored.En);
    await writeSite(trx, { ...site, ...trust, En: { ...en, HoursNote: en.HoursNote ?? stored.En?.HoursNote ?? '' } });
    return ok();
  });
}

/** A menu entry as stored and read: its English label always there ('' while not translated). */
const stripped = ({ Label, Href, En }: MenuLink): MenuLink => ({ Label, Href, En: { Label: En?.Label ?? '' } });
const dropdown = (d: MenuDropdown, entries: MenuLink[]): MenuDropdown => ({ Title: d.Title, En: { Title: d.En?.Title ?? '' }, Entries: entries });

/** Visitors never see an entry whose page was deleted since, nor a drop-down left empty. */
export async function getMenu(db: Db): Promise<Menu> {
  const [menu, exists] = await Promise.all([readMenu(db), existingPages(db)]);
  return {
    Dropdowns: menu.Dropdowns.map((d) => dropdown(d, d.Entries.filter((e) => exists(e.Href)).map(stripped))).filter((d) => d.Entries.length > 0),
    Links: menu.Links.filter((l) => exists(l.Href)).map(stripped),
  };
}

/** The administrator sees every entry; those whose page is gone are marked. */
export async function getMenuForEdit(db: Db): Promise<Menu> {
  const [menu, exists] = await Promise.all([readMenu(db), existingPages(db)]);
  const mark = (link: MenuLink): MenuLink => (exists(link.Href) ? stripped(link) : { ...stripped(link), Missing: true });
  return { Dropdowns: menu.Dropdowns.map((d) => dropdown(d, d.Entries.map(mark))), Links: menu.Links.map(mark) };
}

/**
 * The English of the stored menu, by French text: a title or label sent without En keeps the
 * English it had (menu entries have no id: the French text is what the English translates).
 */
function keptMenuEnglish(menu: Menu): (french: string) => string {
  const english = new Map<string, string>();
  const keep = (french: string, en: string | undefined) => {
    if (en && !english.has(french)) english.set(french, en);
  };
  for (const d of menu.Dropdowns) {
    keep(d.Title, d.En?.Title);
    for (const e of d.Entries) keep(e.Label, e.En?.Label);
  }
  for (const l of menu.Links) keep(l.Label, l.En?.Label);
  return (french) => english.get(french) ?? '';
}

export function updateMenu(db: Db, menu: Menu): Promise<MutationResult> {
  return db.transaction().execute(async (trx) => {
    const exists = await existingPages(trx);
    for (const [d, dropdown] of menu.Dropdowns.entries()) {
      const e = dropdown.Entries.findIndex((entry) => !exists(entry.Href));
      if (e >= 0) return refuse(messages.menu.entryMissing(d + 1, e + 1, dropdown.Entries[e]?.Href ?? ''));
    }
    const l = menu.Links.findIndex((link) => !exists(link.Href));
    if (l >= 0) return refuse(messages.menu.linkMissing(l + 1, menu.Links[l]?.Href ?? ''));
    const kept = keptMenuEnglish(await readMenu(trx));
    const link = (l: MenuLink): MenuLink => stripped({ ...l, En: l.En ?? { Label: kept(l.Label) } });
    await writeMenu(trx, {
      Dropdowns: menu.Dropdowns.map((d) => dropdown({ ...d, En: d.En ?? { Title: kept(d.Title) } }, d.Entries.map(link))),
      Links: menu.Links.map(link),
    });
    return ok();
  });
}
