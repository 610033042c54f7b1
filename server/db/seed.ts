// First start: the demo portfolio (when there is no category yet) and the first administrator
// (when there is no user yet).
import { demoCategories, demoProjects, demoSubTypes, demoTypes } from '../demo/content.ts';
import { hashPassword, md5hex, randomPassword, type ScryptCost } from '../auth/passwords.ts';
import { continueIdsAfterExplicit } from './dialect.ts';
import { translateDemo0012 } from './migration0012.ts';
import { trustDemo0014 } from './migration0014.ts';
import { uniqueKey } from '../domain/text.ts';
import { findUserByEmail, insertUser, updateUser } from '../auth/user.repository.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import type { Db } from './database.ts';
import type { ImageLibrary } from '../media/library.ts';

/**
 * Inserts the demo content when the database has no category, in French and in English. Returns
 * true when it did. The demo images go through the image pipeline first (through its cache: fast
 * after the first time) and join the library under their own names.
 */
export async function seedDemoContent(db: Db, images: ImageLibrary): Promise<boolean> {
  const empty = !(await db.selectFrom('category').select('id').limit(1).executeTakeFirst());
  if (!empty) return false;
  const imageRows = await images.importDemoImages();
  return db.transaction().execute(async (trx) => {
    const any = await trx.selectFrom('category').select('id').limit(1).executeTakeFirst();
    if (any) return false;
    const known = new Set((await trx.selectFrom('image').select('name').execute()).map((row) => row.name));
    const fresh = imageRows.filter((row) => !known.has(row.name));
    if (fresh.length > 0) await trx.insertInto('image').values(fresh).execute();
    await trx
      .insertInto('category')
      .values(demoCategories.map((c) => ({ id: c.id, name: c.name, name_key: uniqueKey(c.name), position: c.id })))
      .execute();
    await trx
      .insertInto('project_type')
      .values(demoTypes.map((t) => ({ id: t.id, category_id: t.categoryId, name: t.name, description: t.description, image: t.image, position: t.id })))
      .execute();
    await continueIdsAfterExplicit(trx, ['category', 'project_type']);
    await trx
      .insertInto('project')
      .values(demoProjects.map((p, i) => ({ project_type_id: p.typeId, name: p.name, description: p.description, image: p.image, position: i + 1 })))
      .execute();
    // The demo galleries (issue 15): the projects' ids follow the list's order.
    const ids = (await trx.selectFrom('project').select('id').orderBy('id').execute()).map((row) => row.id);
    const media = demoProjects.flatMap((p, i) =>
      (p.gallery ?? []).map((m) => ({ project_id: ids[i] as number, image: m.image, caption: m.caption, alt: m.alt, pair: m.pair ?? ('' as const) })),
    );
    if (media.length > 0) await trx.insertInto('project_media').values(media.map((m, i) => ({ ...m, position: i + 1 }))).execute();
    await trx
      .insertInto('subtype_link')
      .values(demoSubTypes.map(([src, dest]) => ({ src_id: src, dest_id: dest })))
      .execute();
    // Their English (issue 27): the demo's translations live once, in migration 0012's frozen copy.
    await translateDemo0012(trx);
    // The licence, hours and testimonials of the demo (issue 31): migration 0014's frozen copy.
    await trustDemo0014(trx);
    return true;
  });
}

export interface AdminSeed {
  email: string;
  /** The plain password; a random one is generated (and returned) when missing. */
  password?: string;
  cost: ScryptCost;
}

/** Creates the first administrator when there is no user. Returns what was created, or null. */
export async function seedAdmin(db: Db, seed: AdminSeed): Promise<{ email: string; password: string; generated: boolean } | null> {
  const any = await db.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const generated = !seed.password;
  const password = seed.password || randomPassword();
  const passwordHash = await hashPassword(md5hex(password), seed.cost);
  // Checked again in the transaction: of several processes starting together, one creates it.
  const created = await db.transaction().execute(async (trx) => {
    if (await trx.selectFrom('app_user').select('id').limit(1).executeTakeFirst()) return false;
    await insertUser(trx, seed.email, passwordHash);
    return true;
  });
  return created ? { email: seed.email, password, generated } : null;
}

/** Adds an administrator from a plain password (stored as scrypt of its MD5 hex, like the SPA sends). */
export async function createUser(db: Db, email: string, password: string, cost: ScryptCost): Promise<void> {
  await insertUser(db, email, await hashPassword(md5hex(password), cost));
}

/** Sets a new plain password and ends the user's sessions. Returns false when the e-mail is unknown. */
export async function resetPassword(db: Db, email: string, password: string, cost: ScryptCost): Promise<boolean> {
  const passwordHash = await hashPassword(md5hex(password), cost);
  return db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user) return false;
    await updateUser(trx, user.id, { passwordHash });
    await revokeUserSessions(trx, user.id);
    return true;
  });
}
