// Tag "menu": the navigation menu.
import type { TagModule } from '../http/operations.ts';
import * as service from './site.service.ts';

export const menuRoutes: TagModule<'getMenu' | 'getMenuForEdit' | 'updateMenu'> = {
  tag: 'menu',
  handlers: {
    getMenu: async (_arg, { services: { db, cache } }) => cache.get('menu', () => service.getMenu(db)),
    getMenuForEdit: async (_arg, { services: { db } }) => service.getMenuForEdit(db),
    updateMenu: async ({ menu }, { services: { db } }) => service.updateMenu(db, menu),
  },
};
