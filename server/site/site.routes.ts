// Tag "site": the site's settings (the business's identity, the public pages' texts and photos).
import { liveImages } from '../media/image.repository.ts';
import { existingPages, readSite, writeSite } from './site.repository.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse, type TagModule } from '../http/operations.ts';

export const siteRoutes: TagModule<'getSite' | 'updateSite'> = {
  tag: 'site',
  handlers: {
    async getSite(_arg, { services: { db, cache, images } }) {
      return cache.get('site', async () => {
        const site = await readSite(db);
        const media = await images.media([site.WelcomePhoto, site.AboutPhoto, site.ContactPhoto]);
        const of = (name: string) => media.get(name);
        const PhotoMedia = { Welcome: of(site.WelcomePhoto), About: of(site.AboutPhoto), Contact: of(site.ContactPhoto) };
        return { ...site, PhotoMedia: Object.fromEntries(Object.entries(PhotoMedia).filter(([, m]) => m !== undefined)) };
      });
    },

    async updateSite({ siteSettings: { PhotoMedia: _answered, ...site } }, { services: { db } }) {
      const year = new Date().getFullYear();
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
    },
  },
};
