// Tag "site": the site's settings (the business's identity, the public pages' texts and photos).
import { liveImages } from '../db/repositories/image.ts';
import { existingPages, readSite, writeSite } from '../db/repositories/site.ts';
import { messages } from '../messages.ts';
import { ok, refuse, type TagModule } from '../operations.ts';

export const siteRoutes: TagModule<'getSite' | 'updateSite'> = {
  tag: 'site',
  handlers: {
    async getSite(_arg, { services: { db, cache } }) {
      return cache.get('site', () => readSite(db));
    },

    async updateSite({ siteSettings: site }, { services: { db } }) {
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
