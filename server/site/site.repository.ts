// The site_document table: the site's settings and its menu, each one JSON document.
import type { Menu, SiteSettings } from '../../contract/api.ts';
import { fixedPages, paths } from '../../contract/paths.ts';
import type { Executor } from '../db/executor.ts';

async function read<T>(db: Executor, name: 'site' | 'menu'): Promise<T> {
  const row = await db.selectFrom('site_document').select('body').where('name', '=', name).executeTakeFirstOrThrow();
  return JSON.parse(row.body) as T;
}

async function write(db: Executor, name: 'site' | 'menu', value: unknown): Promise<void> {
  await db.updateTable('site_document').set({ body: JSON.stringify(value), updated_at: Date.now() }).where('name', '=', name).execute();
}

export const readSite = (db: Executor): Promise<SiteSettings> => read<SiteSettings>(db, 'site');
export const writeSite = (db: Executor, site: SiteSettings): Promise<void> => write(db, 'site', site);
export const readMenu = (db: Executor): Promise<Menu> => read<Menu>(db, 'menu');
export const writeMenu = (db: Executor, menu: Menu): Promise<void> => write(db, 'menu', menu);

/**
 * Which public pages exist now: the fixed pages, each category's types list and each project
 * type's page (the targets a menu entry or a welcome card may name).
 */
export async function existingPages(db: Executor): Promise<(href: string) => boolean> {
  const [categories, types] = await Promise.all([
    db.selectFrom('category').select('id').execute(),
    db.selectFrom('project_type').select('id').execute(),
  ]);
  const pages = new Set(fixedPages);
  for (const { id } of categories) pages.add(paths.typesList.href(id));
  for (const { id } of types) pages.add(paths.projectType.href(id));
  return (href) => pages.has(href);
}
