// The site's settings (the business's identity, the public pages' texts and photos) and its menu
// (the owner's; by default the table of the specification): the rules of their calls.
import type { Menu, MenuLink, MutationResult, SiteSettings } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse } from '../domain/results.ts';
import { liveImages } from '../media/image.repository.ts';
import type { MediaSource } from '../projects/views.ts';
import { existingPages, readMenu, readSite, writeMenu, writeSite } from './site.repository.ts';

/** The settings, with the Media of the pages' photos. */
export async function getSite(db: Db, images: MediaSource): Promise<SiteSettings> {
  const site = await readSite(db);
  const media = await images.media([site.WelcomePhoto, site.AboutPhoto, site.ContactPhoto]);
  const of = (name: string) => media.get(name);
  const PhotoMedia = { Welcome: of(site.WelcomePhoto), About: of(site.AboutPhoto), Contact: of(site.ContactPhoto) };
  return { ...site, PhotoMedia: Object.fromEntries(Object.entries(PhotoMedia).filter(([, m]) => m !== undefined)) };
}

export async function updateSite(db: Db, { PhotoMedia: _answered, ...site }: SiteSettings, year: number): Promise<MutationResult> {
  if (site.Since > year) return refuse(messages.site.sinceFuture(site.Since));
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
    await writeSite(trx, site);
    return ok();
  });
}

const stripped = ({ Label, Href }: MenuLink): MenuLink => ({ Label, Href });

/** Visitors never see an entry whose page was deleted since, nor a drop-down left empty. */
export async function getMenu(db: Db): Promise<Menu> {
  const [menu, exists] = await Promise.all([readMenu(db), existingPages(db)]);
  return {
    Dropdowns: menu.Dropdowns.map((d) => ({ ...d, Entries: d.Entries.filter((e) => exists(e.Href)) })).filter((d) => d.Entries.length > 0),
    Links: menu.Links.filter((l) => exists(l.Href)),
  };
}

/** The administrator sees every entry; those whose page is gone are marked. */
export async function getMenuForEdit(db: Db): Promise<Menu> {
  const [menu, exists] = await Promise.all([readMenu(db), existingPages(db)]);
  const mark = (link: MenuLink): MenuLink => (exists(link.Href) ? stripped(link) : { ...stripped(link), Missing: true });
  return { Dropdowns: menu.Dropdowns.map((d) => ({ Title: d.Title, Entries: d.Entries.map(mark) })), Links: menu.Links.map(mark) };
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
    await writeMenu(trx, {
      Dropdowns: menu.Dropdowns.map((d) => ({ Title: d.Title, Entries: d.Entries.map(stripped) })),
      Links: menu.Links.map(stripped),
    });
    return ok();
  });
}
