// Numbered migrations, run at start-up. Never edit a released migration: add the next number.
// Written once for SQLite and PostgreSQL: column types and the few differences come from
// dialect.ts (`d`); on SQLite they produce exactly the statements released before PostgreSQL.
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { menu0007, site0007 } from './migration0007.ts';
import { translateDemo0012 } from './migration0012.ts';
import { trustDemo0014 } from './migration0014.ts';
import { columnsOf } from './dialect.ts';
import type { Database } from './schema.ts';

const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      await db.schema
        .createTable('category')
        .addColumn('id', d.id, d.identity)
        .addColumn('name', d.text, (c) => c.notNull())
        .addColumn('name_key', d.text, (c) => c.notNull().unique())
        .execute();
      await db.schema
        .createTable('project_type')
        .addColumn('id', d.id, d.identity)
        .addColumn('category_id', d.integer, (c) => c.notNull().references('category.id').onDelete('restrict'))
        .addColumn('name', d.text, (c) => c.notNull())
        .addColumn('description', d.text, (c) => c.notNull())
        .addColumn('image', d.text, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('project_type_category').on('project_type').column('category_id').execute();
      await db.schema
        .createTable('project')
        .addColumn('id', d.id, d.identity)
        .addColumn('project_type_id', d.integer, (c) => c.notNull().references('project_type.id').onDelete('restrict'))
        .addColumn('name', d.text, (c) => c.notNull())
        .addColumn('description', d.text, (c) => c.notNull())
        .addColumn('image', d.text, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('project_project_type').on('project').column('project_type_id').execute();
      await db.schema
        .createTable('subtype_link')
        .addColumn('src_id', d.integer, (c) => c.notNull().references('project_type.id').onDelete('cascade'))
        .addColumn('dest_id', d.integer, (c) => c.notNull().references('project_type.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('subtype_link_pk', ['src_id', 'dest_id'])
        .addCheckConstraint('subtype_link_not_self', sql`src_id <> dest_id`)
        .execute();
      await db.schema.createIndex('subtype_link_dest').on('subtype_link').column('dest_id').execute();
      await db.schema
        .createTable('app_user')
        .addColumn('id', d.id, d.identity)
        .addColumn('email', d.text, (c) => c.notNull())
        .addColumn('email_key', d.text, (c) => c.notNull().unique())
        .addColumn('password_hash', d.text, (c) => c.notNull())
        .addColumn('created_at', d.integer, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('refresh_token')
        .addColumn('id', d.id, d.identity)
        .addColumn('user_id', d.integer, (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('family', d.text, (c) => c.notNull())
        .addColumn('token_hash', d.text, (c) => c.notNull().unique())
        .addColumn('created_at', d.integer, (c) => c.notNull())
        .addColumn('expires_at', d.integer, (c) => c.notNull())
        .addColumn('used_at', d.integer)
        .addColumn('revoked_at', d.integer)
        .execute();
      await db.schema.createIndex('refresh_token_family').on('refresh_token').column('family').execute();
      await db.schema.createIndex('refresh_token_user').on('refresh_token').column('user_id').execute();
    },
  },
  '0002_image': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      await db.schema
        .createTable('image')
        .addColumn('name', d.text, (c) => c.primaryKey())
        .addColumn('type', d.text, (c) => c.notNull())
        .addColumn('width', d.integer, (c) => c.notNull())
        .addColumn('height', d.integer, (c) => c.notNull())
        .addColumn('bytes', d.integer, (c) => c.notNull())
        .addColumn('widths', d.text, (c) => c.notNull())
        .addColumn('created_at', d.integer, (c) => c.notNull())
        .addColumn('deleted_at', d.integer)
        .execute();
      await db.schema.createIndex('image_created').on('image').column('created_at').execute();
      // Usage counts of an image (GET /api/image/all/, DELETE /api/image/{name}).
      await db.schema.createIndex('project_image').on('project').column('image').execute();
      await db.schema.createIndex('project_type_image').on('project_type').column('image').execute();
    },
  },
  '0003_video_poster': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // A video (video/mp4) names its poster, itself a row of the library (issue 9).
      await db.schema.alterTable('image').addColumn('poster', d.text).execute();
      await db.schema.createIndex('image_poster').on('image').column('poster').execute();
    },
  },
  '0005_updated_at': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // The last change of every public record (the sitemap's lastmod), in milliseconds since the
      // epoch. Kept by triggers, so every write path (the API, the seed, a restore) keeps it true
      // without each handler remembering it: a row's own insert or update sets it; a project's
      // insert, change or removal also changes its type's page (its list of projects), a
      // sub-type link its source type's page, and a type its category's page.
      const now = d.nowMs;
      for (const table of ['category', 'project_type', 'project']) {
        await db.schema.alterTable(table).addColumn('updated_at', d.integer, (c) => c.notNull().defaultTo(0)).execute();
        await sql`UPDATE ${sql.table(table)} SET updated_at = ${now}`.execute(db);
      }
      if (d.postgres) {
        // The same rules as PostgreSQL triggers: a row's own time is set before it is written (an
        // update that sets updated_at itself keeps its value, as on SQLite); a parent's by an
        // update after the row's change, its id read from the row (NEW or OLD, by name).
        await sql`CREATE FUNCTION touch_row() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN NEW.updated_at := ${now}; RETURN NEW; END $$`.execute(db);
        await sql`CREATE FUNCTION touch_parent() RETURNS trigger LANGUAGE plpgsql AS $$
          DECLARE fields jsonb;
          BEGIN
            IF TG_ARGV[1] = 'NEW' THEN fields := to_jsonb(NEW); ELSE fields := to_jsonb(OLD); END IF;
            EXECUTE format('UPDATE %I SET updated_at = $1 WHERE id = $2', TG_ARGV[0]) USING ${now}, (fields ->> TG_ARGV[2])::bigint;
            RETURN NULL;
          END $$`.execute(db);
        for (const table of ['category', 'project_type', 'project']) {
          await sql`CREATE TRIGGER ${sql.raw(`${table}_inserted`)} BEFORE INSERT ON ${sql.table(table)}
            FOR EACH ROW EXECUTE FUNCTION touch_row()`.execute(db);
          await sql`CREATE TRIGGER ${sql.raw(`${table}_updated`)} BEFORE UPDATE ON ${sql.table(table)}
            FOR EACH ROW WHEN (NEW.updated_at = OLD.updated_at) EXECUTE FUNCTION touch_row()`.execute(db);
        }
      } else {
        for (const table of ['category', 'project_type', 'project']) {
          await sql`CREATE TRIGGER ${sql.raw(`${table}_inserted`)} AFTER INSERT ON ${sql.table(table)}
            BEGIN UPDATE ${sql.table(table)} SET updated_at = ${now} WHERE id = NEW.id; END`.execute(db);
          await sql`CREATE TRIGGER ${sql.raw(`${table}_updated`)} AFTER UPDATE ON ${sql.table(table)}
            WHEN NEW.updated_at = OLD.updated_at
            BEGIN UPDATE ${sql.table(table)} SET updated_at = ${now} WHERE id = NEW.id; END`.execute(db);
        }
      }
      const touch = (name: string, event: string, on: string, table: string, id: string) => {
        if (!d.postgres) {
          return sql`CREATE TRIGGER ${sql.raw(name)} AFTER ${sql.raw(event)} ON ${sql.table(on)}
            BEGIN UPDATE ${sql.table(table)} SET updated_at = ${now} WHERE id = ${sql.raw(id)}; END`.execute(db);
        }
        const [row, column] = id.split('.') as [string, string];
        return sql`CREATE TRIGGER ${sql.raw(name)} AFTER ${sql.raw(event)} ON ${sql.table(on)}
          FOR EACH ROW EXECUTE FUNCTION touch_parent(${sql.raw(`'${table}', '${row}', '${column}'`)})`.execute(db);
      };
      await touch('project_inserted_type', 'INSERT', 'project', 'project_type', 'NEW.project_type_id');
      await touch('project_updated_type', 'UPDATE', 'project', 'project_type', 'NEW.project_type_id');
      await touch('project_moved_type', 'UPDATE OF project_type_id', 'project', 'project_type', 'OLD.project_type_id');
      await touch('project_deleted_type', 'DELETE', 'project', 'project_type', 'OLD.project_type_id');
      await touch('subtype_inserted_type', 'INSERT', 'subtype_link', 'project_type', 'NEW.src_id');
      await touch('subtype_deleted_type', 'DELETE', 'subtype_link', 'project_type', 'OLD.src_id');
      await touch('project_type_inserted_category', 'INSERT', 'project_type', 'category', 'NEW.category_id');
      await touch('project_type_updated_category', 'UPDATE', 'project_type', 'category', 'NEW.category_id');
      await touch('project_type_moved_category', 'UPDATE OF category_id', 'project_type', 'category', 'OLD.category_id');
      await touch('project_type_deleted_category', 'DELETE', 'project_type', 'category', 'OLD.category_id');
    },
  },
  '0006_quote': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // Quote requests (issue 17): the request, its private photos (files in
      // DATA_DIR/quotes/<folder>/), and the outbox row of its e-mail to the owner.
      await db.schema
        .createTable('quote')
        .addColumn('id', d.id, d.identity)
        .addColumn('created_at', d.integer, (c) => c.notNull())
        .addColumn('name', d.text, (c) => c.notNull())
        .addColumn('email', d.text, (c) => c.notNull())
        .addColumn('phone', d.text, (c) => c.notNull())
        .addColumn('city', d.text, (c) => c.notNull())
        .addColumn('work', d.text, (c) => c.notNull())
        .addColumn('message', d.text, (c) => c.notNull())
        .addColumn('folder', d.text, (c) => c.notNull().unique())
        .addColumn('read_at', d.integer)
        .addColumn('handled_at', d.integer)
        .execute();
      await db.schema.createIndex('quote_created').on('quote').column('created_at').execute();
      await db.schema
        .createTable('quote_photo')
        .addColumn('quote_id', d.integer, (c) => c.notNull().references('quote.id').onDelete('cascade'))
        .addColumn('number', d.integer, (c) => c.notNull())
        .addColumn('file', d.text, (c) => c.notNull())
        .addColumn('preview', d.text, (c) => c.notNull())
        .addColumn('type', d.text, (c) => c.notNull())
        .addColumn('width', d.integer, (c) => c.notNull())
        .addColumn('height', d.integer, (c) => c.notNull())
        .addPrimaryKeyConstraint('quote_photo_pk', ['quote_id', 'number'])
        .execute();
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', d.id, d.identity)
        .addColumn('quote_id', d.integer, (c) => c.notNull().unique().references('quote.id').onDelete('cascade'))
        .addColumn('message_id', d.text, (c) => c.notNull().unique())
        .addColumn('attempts', d.integer, (c) => c.notNull())
        .addColumn('next_attempt_at', d.integer, (c) => c.notNull())
        .addColumn('last_error', d.text, (c) => c.notNull())
        .addColumn('sent_at', d.integer)
        .execute();
      await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['sent_at', 'next_attempt_at']).execute();
    },
  },
  '0007_site': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // The site's settings and menu (issue 14), each one JSON document the owner replaces whole,
      // filled with the demo business's (an existing database gets them too).
      await db.schema
        .createTable('site_document')
        .addColumn('name', d.text, (c) => c.primaryKey())
        .addColumn('body', d.text, (c) => c.notNull())
        .addColumn('updated_at', d.integer, (c) => c.notNull())
        .execute();
      const now = Date.now();
      await (db as Kysely<Database>)
        .insertInto('site_document')
        .values([
          { name: 'site', body: JSON.stringify(site0007), updated_at: now },
          { name: 'menu', body: JSON.stringify(menu0007), updated_at: now },
        ])
        .execute();
    },
  },
  '0008_published': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // Drafts (issue 15): a project the owner has not published yet. Existing projects stay public.
      await db.schema
        .alterTable('project')
        .addColumn('published', d.integer, (c) => c.notNull().defaultTo(1).check(sql`published IN (0, 1)`))
        .execute();
    },
  },
  '0009_position': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // The owner's order (issue 15): lists follow position, then id. Positions are distinct over
      // a whole table (a new row takes the largest plus one, so it is last in every list); a move
      // swaps positions among the records of one list. Existing rows keep the order of their ids.
      for (const table of ['category', 'project_type', 'project']) {
        await db.schema.alterTable(table).addColumn('position', d.integer, (c) => c.notNull().defaultTo(0)).execute();
        await sql`UPDATE ${sql.table(table)} SET position = id`.execute(db);
      }
    },
  },
  '0010_gallery': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // A project's gallery (issue 15): photos and videos of the library shown after its cover, in
      // the owner's order, each with a caption and an alt text; one photo may be the « Avant » and
      // one the « Après » of the project's before/after comparison.
      await db.schema
        .createTable('project_media')
        .addColumn('id', d.id, d.identity)
        .addColumn('project_id', d.integer, (c) => c.notNull().references('project.id').onDelete('cascade'))
        .addColumn('image', d.text, (c) => c.notNull())
        .addColumn('caption', d.text, (c) => c.notNull())
        .addColumn('alt', d.text, (c) => c.notNull())
        .addColumn('pair', d.text, (c) => c.notNull().defaultTo('').check(sql`pair IN ('', 'before', 'after')`))
        .addColumn('position', d.integer, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('project_media_project').on('project_media').columns(['project_id', 'position']).execute();
      await db.schema.createIndex('project_media_image').on('project_media').column('image').execute();
    },
  },
  '0011_rate_limit': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // Sign-in and quote-request attempts (server/auth/rateLimiter.ts), in the database so that
      // several server processes count the same attempts (issue 16).
      await db.schema
        .createTable('rate_limit_hit')
        .addColumn('scope', d.text, (c) => c.notNull())
        .addColumn('key', d.text, (c) => c.notNull())
        .addColumn('at', d.integer, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_hit_key').on('rate_limit_hit').columns(['scope', 'key', 'at']).execute();
    },
  },
  '0012_english': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // English beside French (issue 27): the English of each text the owner writes, '' while it
      // is not translated (the site and the menu keep theirs in their documents, as En), and the
      // language of each quote request. The demo's records get their English where their French
      // is still the demo's (migration0012.ts; a fresh install gets it when it is seeded).
      const english: Array<[table: string, columns: string[]]> = [
        ['category', ['name_en']],
        ['project_type', ['name_en', 'description_en']],
        ['project', ['name_en', 'description_en']],
        ['project_media', ['caption_en', 'alt_en']],
      ];
      for (const [table, columns] of english) {
        for (const column of columns) {
          await db.schema.alterTable(table).addColumn(column, d.text, (c) => c.notNull().defaultTo('')).execute();
        }
      }
      await db.schema
        .alterTable('quote')
        .addColumn('lang', d.text, (c) => c.notNull().defaultTo('fr').check(sql`lang IN ('fr', 'en')`))
        .execute();
      await translateDemo0012(db);
    },
  },
  '0013_quote_abuse': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // Quote requests under abuse (issue 34), shared by every server process: each request that
      // reached the server, taken before its body is read (server/quotes/quoteLimit.ts), and the
      // form tokens already used, each remembered until it expires (server/quotes/formTokens.ts).
      await db.schema
        .createTable('quote_attempt')
        .addColumn('id', d.id, d.identity)
        .addColumn('key', d.text, (c) => c.notNull())
        .addColumn('at', d.integer, (c) => c.notNull())
        .addColumn('state', d.text, (c) => c.notNull().check(sql`state IN ('pending', 'stored', 'refused')`))
        .execute();
      await db.schema.createIndex('quote_attempt_key').on('quote_attempt').columns(['key', 'at']).execute();
      await db.schema
        .createTable('quote_token_used')
        .addColumn('nonce', d.text, (c) => c.primaryKey())
        .addColumn('expires_at', d.integer, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('quote_token_used_expiry').on('quote_token_used').column('expires_at').execute();
    },
  },
  '0014_trust': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // What a customer checks before calling (issue 31): clients' testimonials, in the owner's
      // order, published only with the client's consent (stored with its date); the RBQ licence,
      // the opening hours and their note join the site's settings document. The demo business
      // gets the demo's (migration0014.ts; a fresh install once it is seeded).
      await db.schema
        .createTable('testimonial')
        .addColumn('id', d.id, d.identity)
        .addColumn('text', d.text, (c) => c.notNull())
        .addColumn('text_en', d.text, (c) => c.notNull().defaultTo(''))
        .addColumn('client_name', d.text, (c) => c.notNull())
        .addColumn('place', d.text, (c) => c.notNull())
        .addColumn('month', d.text, (c) => c.notNull())
        .addColumn('project_id', d.integer, (c) => c.references('project.id').onDelete('set null'))
        .addColumn('published', d.integer, (c) => c.notNull().defaultTo(0).check(sql`published IN (0, 1)`))
        .addColumn('consent', d.integer, (c) => c.notNull().defaultTo(0).check(sql`consent IN (0, 1)`))
        .addColumn('consent_at', d.integer)
        .addColumn('position', d.integer, (c) => c.notNull())
        .addCheckConstraint('testimonial_published_consent', sql`published = 0 OR consent = 1`)
        .execute();
      await db.schema.createIndex('testimonial_project').on('testimonial').column('project_id').execute();
      await trustDemo0014(db);
    },
  },
  '0015_safety_net': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // The owner's safety net (issue 28). The trash: a deleted record's rows (with what went
      // with it: a project's gallery, a type's sub-type links) as JSON, until restored, erased
      // for good, or purged after TRASH_RETENTION_DAYS. Its versions: the state each update
      // replaced. The journal: one entry per write through the API, kept AUDIT_RETENTION_DAYS.
      await db.schema
        .createTable('trash')
        .addColumn('id', d.id, d.identity)
        .addColumn('kind', d.text, (c) => c.notNull())
        .addColumn('record_id', d.text, (c) => c.notNull())
        .addColumn('name', d.text, (c) => c.notNull())
        .addColumn('body', d.text, (c) => c.notNull())
        .addColumn('deleted_at', d.integer, (c) => c.notNull())
        .addColumn('deleted_by', d.text, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('trash_deleted').on('trash').column('deleted_at').execute();
      await db.schema
        .createTable('record_version')
        .addColumn('id', d.id, d.identity)
        .addColumn('kind', d.text, (c) => c.notNull())
        .addColumn('record_id', d.text, (c) => c.notNull())
        .addColumn('version', d.integer, (c) => c.notNull())
        .addColumn('body', d.text, (c) => c.notNull())
        .addColumn('changes', d.text, (c) => c.notNull())
        .addColumn('at', d.integer, (c) => c.notNull())
        .addColumn('by', d.text, (c) => c.notNull())
        .addUniqueConstraint('record_version_unique', ['kind', 'record_id', 'version'])
        .execute();
      await db.schema
        .createTable('journal')
        .addColumn('id', d.id, d.identity)
        .addColumn('at', d.integer, (c) => c.notNull())
        .addColumn('by', d.text, (c) => c.notNull())
        .addColumn('action', d.text, (c) => c.notNull())
        .addColumn('kind', d.text, (c) => c.notNull())
        .addColumn('record_id', d.text, (c) => c.notNull())
        .addColumn('name', d.text, (c) => c.notNull())
        .addColumn('outcome', d.text, (c) => c.notNull())
        .addColumn('message', d.text, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('journal_at').on('journal').column('at').execute();
    },
  },
  '0016_stats': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // Visit statistics (issue 30), counted by the site itself. One row per page view, kept
      // STATS_RETENTION_DAYS: its local day and hour, the page's French path, the project or
      // type it shows, its language, the referring site's host (or utm_source), the device class
      // and the day's visitor key (a keyed hash of address and user agent; no address is stored).
      // At most once a second per visitor and path: the unique index, shared by every process.
      await db.schema
        .createTable('stats_view')
        .addColumn('id', d.id, d.identity)
        .addColumn('day', d.text, (c) => c.notNull())
        .addColumn('hour', d.integer, (c) => c.notNull())
        .addColumn('second', d.integer, (c) => c.notNull())
        .addColumn('path', d.text, (c) => c.notNull())
        .addColumn('project_id', d.integer)
        .addColumn('type_id', d.integer)
        .addColumn('lang', d.text, (c) => c.notNull())
        .addColumn('referrer', d.text, (c) => c.notNull())
        .addColumn('device', d.text, (c) => c.notNull())
        .addColumn('visitor', d.text, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stats_view_day').on('stats_view').column('day').execute();
      await db.schema.createIndex('stats_view_once').on('stats_view').columns(['visitor', 'path', 'second']).unique().execute();
      // Daily totals, kept for ever; `stored`: the day's rows in stats_view (at most a fixed number).
      await db.schema
        .createTable('stats_day')
        .addColumn('day', d.text, (c) => c.primaryKey())
        .addColumn('views', d.integer, (c) => c.notNull())
        .addColumn('visitors', d.integer, (c) => c.notNull())
        .addColumn('stored', d.integer, (c) => c.notNull())
        .execute();
      // The day's random key, shared by every process, and the day's visitors (to count each once):
      // both deleted once the day is over.
      await db.schema
        .createTable('stats_key')
        .addColumn('day', d.text, (c) => c.primaryKey())
        .addColumn('secret', d.text, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('stats_visitor')
        .addColumn('day', d.text, (c) => c.notNull())
        .addColumn('visitor', d.text, (c) => c.notNull())
        .addPrimaryKeyConstraint('stats_visitor_pk', ['day', 'visitor'])
        .execute();
      // The visit that led to a quote request: JSON, the referring host then the paths seen.
      await db.schema.alterTable('quote').addColumn('journey', d.text, (c) => c.notNull().defaultTo('[]')).execute();
    },
  },
  '0017_second_factor': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // An administrator's second factors (issue 29). The authenticator app's secret (on once a
      // current code was typed) with the last step a code was accepted for: a code is never
      // accepted twice, on any process. Recovery codes, stored as their SHA-256, each used once.
      // A sign-in waiting for its second factor: its challenge (SHA-256), 5 minutes, single use,
      // ended by its fifth wrong code.
      await db.schema
        .createTable('user_totp')
        .addColumn('user_id', d.integer, (c) => c.primaryKey().references('app_user.id').onDelete('cascade'))
        .addColumn('secret', d.text, (c) => c.notNull())
        .addColumn('enabled', d.integer, (c) => c.notNull().defaultTo(0).check(sql`enabled IN (0, 1)`))
        .addColumn('last_step', d.integer)
        .addColumn('created_at', d.integer, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('recovery_code')
        .addColumn('id', d.id, d.identity)
        .addColumn('user_id', d.integer, (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('code_hash', d.text, (c) => c.notNull())
        .addColumn('used_at', d.integer)
        .execute();
      await db.schema.createIndex('recovery_code_user').on('recovery_code').columns(['user_id', 'code_hash']).execute();
      await db.schema
        .createTable('login_challenge')
        .addColumn('id', d.id, d.identity)
        .addColumn('user_id', d.integer, (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('token_hash', d.text, (c) => c.notNull().unique())
        .addColumn('expires_at', d.integer, (c) => c.notNull())
        .addColumn('failures', d.integer, (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  '0018_passkeys': {
    async up(db: Kysely<unknown>) {
      const d = columnsOf(db);
      // An administrator's passkeys (issue 29, WebAuthn): the credential's id and public key (COSE,
      // both base64url), its signature counter (an assertion whose counter does not increase is
      // refused), the transports its browser named, the name typed when it was added, when it was
      // added and last used. A credential belongs to one account.
      await db.schema
        .createTable('passkey')
        .addColumn('id', d.id, d.identity)
        .addColumn('user_id', d.integer, (c) => c.notNull().references('app_user.id').onDelete('cascade'))
        .addColumn('credential_id', d.text, (c) => c.notNull().unique())
        .addColumn('public_key', d.text, (c) => c.notNull())
        .addColumn('counter', d.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('transports', d.text, (c) => c.notNull().defaultTo('[]'))
        .addColumn('name', d.text, (c) => c.notNull())
        .addColumn('created_at', d.integer, (c) => c.notNull())
        .addColumn('last_used_at', d.integer)
        .execute();
      await db.schema.createIndex('passkey_user').on('passkey').column('user_id').execute();
      // A WebAuthn challenge, as a sign-in's (login_challenge): its SHA-256 only, 5 minutes, single
      // use, in the database so that any process may answer it. What it is for: a registration or
      // a proof (the administrator's), a sign-in (an account's when it follows the password, whose
      // challenge it goes with; anyone's with a passkey alone).
      await db.schema
        .createTable('passkey_challenge')
        .addColumn('id', d.id, d.identity)
        .addColumn('purpose', d.text, (c) => c.notNull().check(sql`purpose IN ('register', 'sign-in', 'proof')`))
        .addColumn('user_id', d.integer, (c) => c.references('app_user.id').onDelete('cascade'))
        .addColumn('login_challenge_id', d.integer, (c) => c.references('login_challenge.id').onDelete('cascade'))
        .addColumn('challenge_hash', d.text, (c) => c.notNull().unique())
        .addColumn('expires_at', d.integer, (c) => c.notNull())
        .execute();
    },
  },
  '0019_change_sequence': {
    async up(db: Kysely<unknown>) {
      // Several processes on PostgreSQL (changes.ts): every committed write moves this sequence
      // before it is answered, and a process compares it with what it last saw before it serves a
      // read, so a read never comes from a cache older than a write answered before it. SQLite is
      // one process: nothing to compare.
      if (columnsOf(db).postgres) await sql`CREATE SEQUENCE portfolio_changes`.execute(db);
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The name of the last migration (a backup made by a newer version is refused). */
export const latestMigration = Object.keys(migrations).sort().at(-1) as string;

/**
 * Brings the database to the latest migration (or to `upTo`: a database as an older version left
 * it, for a migration's test); throws (with the failing migration) on error.
 */
export async function migrate(db: Kysely<unknown>, upTo?: string): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
