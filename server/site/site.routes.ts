// Tag "site": the site's settings.
import type { TagModule } from '../http/operations.ts';
import * as service from './site.service.ts';

export const siteRoutes: TagModule<'getSite' | 'updateSite'> = {
  tag: 'site',
  handlers: {
    getSite: async (_arg, { services: { db, cache, images } }) => cache.get('site', () => service.getSite(db, images)),
    updateSite: async ({ siteSettings }, { services: { db } }) => service.updateSite(db, siteSettings, new Date().getFullYear()),
  },
};
