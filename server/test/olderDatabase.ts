// A database as an older version of the site left it, for the tests of a migration: migrated up to
// `upTo` only, on SQLite or PostgreSQL as the suite runs, with the demo's categories, types and
// projects as that version seeded them (French only). The test edits it, runs the rest of the
// migrations (`migrate(db)`) and checks what they did; `close` removes it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { DATABASE_FILE } from '../db/database.ts';
import { postgresDialect } from '../db/dialect.ts';
import { migrate } from '../db/migrations.ts';
import { demoCategories, demoProjects, demoTypes } from '../demo/content.ts';
import { uniqueKey } from '../domain/text.ts';
import { databaseUrlFor, dropDatabaseFor } from './database.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a database before the current schema's types
export type OlderDb = Kysely<any>;

export async function olderDatabase(upTo: string): Promise<{ db: OlderDb; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `portfolio-before-${upTo}-`));
  const url = await databaseUrlFor(dataDir);
  const db: OlderDb = new Kysely({ dialect: url ? postgresDialect(url) : new SqliteDialect({ database: new SQLite(join(dataDir, DATABASE_FILE)) }) });
  const close = async () => {
    await db.destroy();
    await dropDatabaseFor(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await migrate(db, upTo);
    await db.insertInto('category').values(demoCategories.map((c) => ({ id: c.id, name: c.name, name_key: uniqueKey(c.name), position: c.id }))).execute();
    await db
      .insertInto('project_type')
      .values(demoTypes.map((x) => ({ id: x.id, category_id: x.categoryId, name: x.name, description: x.description, image: x.image, position: x.id })))
      .execute();
    await db
      .insertInto('project')
      .values(demoProjects.map((p, i) => ({ id: i + 1, project_type_id: p.typeId, name: p.name, description: p.description, image: p.image, position: i + 1 })))
      .execute();
  } catch (error) {
    await close();
    throw error;
  }
  return { db, close };
}
