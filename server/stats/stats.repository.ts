// The statistics' tables (issue 30): page views (stats_view), daily totals kept for ever
// (stats_day), the day's key and visitors (stats_key, stats_visitor, gone once the day is over).
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { StatsViewTable } from '../db/schema.ts';

export type NewView = Insertable<StatsViewTable>;

/** The key of `day`: the one stored (another process may have made it first), or `fresh` stored now. */
export async function keyOfDay(db: Db, day: string, fresh: string): Promise<string> {
  await db.insertInto('stats_key').values({ day, secret: fresh }).onConflict((oc) => oc.column('day').doNothing()).execute();
  const row = await db.selectFrom('stats_key').select('secret').where('day', '=', day).executeTakeFirstOrThrow();
  return row.secret;
}

/** The stored key of `day`, or null. */
export const storedKey = async (db: Executor, day: string): Promise<string | null> =>
  (await db.selectFrom('stats_key').select('secret').where('day', '=', day).executeTakeFirst())?.secret ?? null;

/** Deletes the keys and visitors of the days before `day`. */
export async function forgetDaysBefore(db: Executor, day: string): Promise<void> {
  await db.deleteFrom('stats_key').where('day', '<', day).execute();
  await db.deleteFrom('stats_visitor').where('day', '<', day).execute();
}

/** Which of these ids are public pages' records: published projects, types, categories. */
export async function existingIds(db: Executor, ids: { project: number[]; type: number[]; category: number[] }) {
  const projects = ids.project.length ? await db.selectFrom('project').select('id').where('id', 'in', ids.project).where('published', '=', 1).execute() : [];
  const types = ids.type.length ? await db.selectFrom('project_type').select('id').where('id', 'in', ids.type).execute() : [];
  const categories = ids.category.length ? await db.selectFrom('category').select('id').where('id', 'in', ids.category).execute() : [];
  return { project: new Set(projects.map((r) => r.id)), type: new Set(types.map((r) => r.id)), category: new Set(categories.map((r) => r.id)) };
}

/**
 * Writes one day's views in one transaction: at most `room` of them as rows (one a second per
 * visitor and path: the others are dropped by the unique index), the rest counted in the day's
 * total only; the day's new visitors counted once each.
 */
export async function addViews(db: Db, day: string, views: NewView[], maxRows: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const totals = await trx.selectFrom('stats_day').select('stored').where('day', '=', day).executeTakeFirst();
    const room = Math.max(0, maxRows - (totals?.stored ?? 0));
    const kept = views.slice(0, room);
    const inserted = kept.length
      ? (await trx.insertInto('stats_view').values(kept).onConflict((oc) => oc.columns(['visitor', 'path', 'second']).doNothing()).returning('id').execute()).length
      : 0;
    const counted = inserted + (views.length - kept.length);
    const visitors = [...new Set(views.map((v) => v.visitor))].map((visitor) => ({ day, visitor }));
    const fresh = (await trx.insertInto('stats_visitor').values(visitors).onConflict((oc) => oc.columns(['day', 'visitor']).doNothing()).returning('visitor').execute()).length;
    if (counted === 0 && fresh === 0) return;
    await trx
      .insertInto('stats_day')
      .values({ day, views: counted, visitors: fresh, stored: inserted })
      .onConflict((oc) =>
        oc.column('day').doUpdateSet((eb) => ({
          views: eb('stats_day.views', '+', eb.ref('excluded.views')),
          visitors: eb('stats_day.visitors', '+', eb.ref('excluded.visitors')),
          stored: eb('stats_day.stored', '+', eb.ref('excluded.stored')),
        })),
      )
      .execute();
  });
}

/** The daily totals from `from` to `to` (days with views only). */
export const dayTotals = (db: Executor, from: string, to: string) =>
  db.selectFrom('stats_day').select(['day', 'views', 'visitors']).where('day', '>=', from).where('day', '<=', to).orderBy('day').execute();

type Grouped = 'path' | 'referrer' | 'lang' | 'device' | 'project_id';

/** Views of the period grouped by `column`, most viewed first (`limit` groups at most). */
export async function topOf<C extends Grouped>(db: Executor, column: C, from: string, to: string, limit: number) {
  const rows = await db
    .selectFrom('stats_view')
    .select([column, (eb) => eb.fn.countAll<number>().as('views')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .$if(column === 'referrer', (q) => q.where('referrer', '<>', ''))
    .$if(column === 'project_id', (q) => q.where('project_id', 'is not', null))
    .groupBy(column)
    .orderBy('views', 'desc')
    .orderBy(column)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ key: (row as unknown as Record<C, unknown>)[column], views: Number(row.views) }));
}

/** The French names of these projects (deleted ones are missing). */
export async function projectNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('project').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A visitor's views of a day, in order. */
export const visitOf = (db: Executor, day: string, visitor: string) =>
  db.selectFrom('stats_view').select(['path', 'referrer']).where('day', '=', day).where('visitor', '=', visitor).orderBy('second').orderBy('id').limit(500).execute();

/** The quote requests created from `fromMs` to before `toMs`, newest first, with their journey. */
export const quotesBetween = (db: Executor, fromMs: number, toMs: number) =>
  db.selectFrom('quote').select(['id', 'created_at', 'journey']).where('created_at', '>=', fromMs).where('created_at', '<', toMs).orderBy('created_at', 'desc').limit(500).execute();

/** Deletes the views of the days before `day` (the daily totals stay); returns how many. */
export async function deleteViewsBefore(db: Executor, day: string): Promise<number> {
  const result = await db.deleteFrom('stats_view').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}
