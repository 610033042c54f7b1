// Tag "menu": the navigation menu, the owner's (by default the table of the specification).
import type { MenuLink } from '../../contract/api.ts';
import { existingPages, readMenu, writeMenu } from './site.repository.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse, type TagModule } from '../http/operations.ts';

const stripped = ({ Label, Href }: MenuLink): MenuLink => ({ Label, Href });

export const menuRoutes: TagModule<'getMenu' | 'getMenuForEdit' | 'updateMenu'> = {
  tag: 'menu',
  handlers: {
    // Visitors never see an entry whose page was deleted since, nor a drop-down left empty.
    async getMenu(_arg, { services: { db, cache } }) {
      return cache.get('menu', async () => {
        const [menu, exists] = await Promise.all([readMenu(db), existingPages(db)]);
        return {
          Dropdowns: menu.Dropdowns.map((d) => ({ ...d, Entries: d.Entries.filter((e) => exists(e.Href)) })).filter((d) => d.Entries.length > 0),
          Links: menu.Links.filter((l) => exists(l.Href)),
        };
      });
    },

    // The administrator sees every entry; those whose page is gone are marked.
    async getMenuForEdit(_arg, { services: { db } }) {
      const [menu, exists] = await Promise.all([readMenu(db), existingPages(db)]);
      const mark = (link: MenuLink): MenuLink => (exists(link.Href) ? stripped(link) : { ...stripped(link), Missing: true });
      return { Dropdowns: menu.Dropdowns.map((d) => ({ Title: d.Title, Entries: d.Entries.map(mark) })), Links: menu.Links.map(mark) };
    },

    async updateMenu({ menu }, { services: { db } }) {
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
    },
  },
};
