// Crash safety: the real server (server/main.ts) in a child process takes a stream of writes and
// is killed with SIGKILL in the middle, twice; restarted on the same DATA_DIR it opens, passes
// integrity_check, and holds every write that had been answered Result:true, quote requests
// included (issue 17). Killed while its outbox waits for the mail server's acceptance, the server
// sends the e-mail after its restart, under the same Message-ID. Killed in the middle of restores
// from the trash (issue 28), each project is wholly back with its gallery or wholly in the trash.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase } from '../db/database.ts';
import { databaseUrlFor, dropDatabaseFor, onPostgres } from './database.ts';
import { build } from './helper.ts';
import { startMailCatcher } from './mailCatcher.ts';
import { call, login, quoteToken, quoteTokens, sendQuote, start, type Server } from './serverProcess.ts';

jest.setTimeout(120_000);

/** Writes until the server dies; returns what was acknowledged (Result:true). */
async function writeUntilKilled(server: Server, round: number, formTokens: string[]): Promise<{ names: string[]; quotes: string[]; lastUpdate: number; inFlightUpdate: number }> {
  const token = await login(server.base);
  const names: string[] = [];
  const quotes: string[] = [];
  let lastUpdate = -1;
  let inFlightUpdate = -1;
  let dead = false;
  const adder = async (lane: number) => {
    for (let i = 0; !dead; i++) {
      const name = `Crash r${round} v${lane} n${i}`;
      try {
        const res = await call(server.base, 'POST', '/api/category/', token, { Id: 0, Name: name });
        if (res.status === 200 && res.json.Result === true) names.push(name);
        else throw new Error(JSON.stringify(res.json));
      } catch (error) {
        if (!dead) throw error;
      }
    }
  };
  // One writer updates the same row over and over: after the crash the row holds the last
  // acknowledged value, or the one that was in flight, never an older one.
  const updater = async () => {
    for (let i = 0; !dead; i++) {
      inFlightUpdate = i;
      try {
        const res = await call(server.base, 'PUT', '/api/project/1', token, { Id: 1, ProjectTypeId: 1, Name: `Projet r${round} u${i}`, Description: 'Mis à jour pendant le test de panne.', Image: 'x.jpg' });
        if (res.json.Result === true) lastUpdate = i;
      } catch (error) {
        if (!dead) throw error;
      }
    }
  };
  // Quote requests, one after the other, each from its own address.
  const quoter = async () => {
    for (let i = 0; !dead; i++) {
      const name = `Client r${round} n${i}`;
      try {
        // A form token serves once (issue 34): each request takes its own.
        const formToken = formTokens.shift();
        if (formToken === undefined) break;
        if (await sendQuote(server.base, name, formToken, `10.${round}.${Math.floor(i / 250)}.${(i % 250) + 1}`)) quotes.push(name);
      } catch (error) {
        if (!dead) throw error;
      }
    }
  };
  const writers = [adder(0), adder(1), adder(2), adder(3), updater(), quoter()];
  // Kill in the middle of the stream, at a moment that varies from round to round.
  await new Promise((resolve) => setTimeout(resolve, 400 + round * 170));
  while (names.length < 50 || quotes.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
  dead = true;
  server.child.kill('SIGKILL');
  await server.exited;
  await Promise.all(writers);
  return { names, quotes, lastUpdate, inFlightUpdate };
}

test('SIGKILL during a stream of writes loses no acknowledged write and leaves an intact database', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-crash-'));
  const acknowledged: string[] = [];
  const acknowledgedQuotes: string[] = [];
  let formTokens: string[] = [];
  try {
    for (let round = 0; round < 2; round++) {
      const server = await start(dataDir);
      if (round === 0) formTokens = await quoteTokens(server.base, 300);
      const { names, quotes, lastUpdate, inFlightUpdate } = await writeUntilKilled(server, round, formTokens);
      acknowledged.push(...names);
      acknowledgedQuotes.push(...quotes);

      const again = await start(dataDir);
      try {
        const stored = new Set((await call(again.base, 'GET', '/api/category/all/')).json.map((c) => (c as { Name: string }).Name));
        const lost = acknowledged.filter((name) => !stored.has(name));
        expect(lost).toEqual([]);
        const project = (await call(again.base, 'GET', '/api/project/1')).json;
        expect([`Projet r${round} u${lastUpdate}`, `Projet r${round} u${inFlightUpdate}`]).toContain(project.Name);
        const admin = await login(again.base); // sessions work after the crash
        const inbox = (await call(again.base, 'GET', '/api/quote/all/', admin)).json as unknown as { Quotes: Array<{ Name: string }> };
        const storedQuotes = new Set(inbox.Quotes.map((q) => q.Name));
        expect(acknowledgedQuotes.filter((name) => !storedQuotes.has(name))).toEqual([]);
      } finally {
        again.child.kill('SIGTERM');
        await again.exited;
      }
    }
    if (!onPostgres) {
      // PostgreSQL is a server of its own: killing ours cannot damage its files, and it checks
      // every foreign key on each write. SQLite's file is ours: check it.
      const db = new SQLite(join(dataDir, 'portfolio.sqlite'), { readonly: true, fileMustExist: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(db.pragma('foreign_key_check')).toEqual([]);
      } finally {
        db.close();
      }
    }
    // Each round kills after at least 50 categories and 3 quote requests were acknowledged.
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);
    expect(acknowledgedQuotes.length).toBeGreaterThanOrEqual(6);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabaseFor(dataDir);
  }
});

test('killed while the mail server has the message but has not accepted it: sent after the restart, one Message-ID', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-crash-mail-'));
  const smtp = await startMailCatcher();
  try {
    smtp.hold();
    const server = await start(dataDir, { SMTP_URL: smtp.url, MAIL_FROM: 'site@exemple.ca' });
    expect(await sendQuote(server.base, 'Client pendant la panne', await quoteToken(server.base), '10.9.9.9')).toBe(true);
    await smtp.heldOne(); // the whole message is at the mail server, which has not said yes
    server.child.kill('SIGKILL');
    await server.exited;
    smtp.release();

    const again = await start(dataDir, { SMTP_URL: smtp.url, MAIL_FROM: 'site@exemple.ca' });
    try {
      const [message] = await smtp.waitFor(1);
      expect(message?.to).toEqual(['soumissions@exemple.ca']);
      expect(message?.mail.subject).toBe('Demande de soumission : Client pendant la panne (Autre)');
      const admin = await login(again.base);
      let inbox: { Quotes: Array<{ Mail: { State: string } }> } = { Quotes: [] };
      for (let i = 0; i < 50 && inbox.Quotes[0]?.Mail.State !== 'sent'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        inbox = (await call(again.base, 'GET', '/api/quote/all/', admin)).json as unknown as typeof inbox;
      }
      expect(inbox.Quotes.map((q) => q.Mail.State)).toEqual(['sent']);
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
    const db = await openDatabase({ dataDir, databaseUrl: await databaseUrlFor(dataDir) });
    try {
      const rows = await db.selectFrom('mail_outbox').select(['message_id', 'attempts']).execute();
      expect(rows).toEqual([{ message_id: smtp.received[0]?.mail.messageId, attempts: 1 }]);
    } finally {
      await db.destroy();
    }
    expect(smtp.received).toHaveLength(1);
  } finally {
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabaseFor(dataDir);
  }
});

test('a commit is on disk before the answer: SQLite in WAL mode with synchronous = FULL, PostgreSQL with synchronous_commit on', async () => {
  const t = await build({ seed: false });
  try {
    if (onPostgres) {
      // PostgreSQL: each connection asks for synchronous commits, whatever the server's default.
      expect((await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(t.db)).rows).toEqual([{ synchronous_commit: 'on' }]);
      return;
    }
    expect((await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(t.db)).rows).toEqual([{ journal_mode: 'wal' }]);
    expect((await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(t.db)).rows).toEqual([{ synchronous: 2 }]);
  } finally {
    await t.close();
  }
});

test('killed in the middle of restores from the trash (issue 28): each project is wholly back with its gallery, or wholly in the trash', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portfolio-crash-trash-'));
  try {
    const server = await start(dataDir);
    const token = await login(server.base);
    const projects = (await call(server.base, 'GET', '/api/project/all/')).json as unknown as Array<{ Id: number }>;
    const galleries = new Map<number, number>();
    for (const { Id } of projects) {
      galleries.set(Id, ((await call(server.base, 'GET', `/api/project/${Id}`)).json as unknown as { Gallery?: unknown[] }).Gallery?.length ?? 0);
      expect((await call(server.base, 'DELETE', `/api/project/${Id}`, token)).json.Result).toBe(true);
    }
    const entries = (await call(server.base, 'GET', '/api/trash/', token)).json as unknown as Array<{ Id: number; RecordId: string }>;
    const acknowledged: number[] = [];
    let dead = false;
    const lane = async (mine: typeof entries) => {
      for (const entry of mine) {
        if (dead) return;
        try {
          const res = await call(server.base, 'POST', `/api/trash/${entry.Id}/restore`, token);
          if (res.json.Result === true) acknowledged.push(Number(entry.RecordId));
        } catch (error) {
          if (!dead) throw error;
        }
        if (acknowledged.length >= 3 && !dead) {
          dead = true;
          server.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all([lane(entries.filter((_, i) => i % 2 === 0)), lane(entries.filter((_, i) => i % 2 === 1))]);
    await server.exited;

    const again = await start(dataDir);
    try {
      const admin = await login(again.base);
      const inTrash = new Set(((await call(again.base, 'GET', '/api/trash/', admin)).json as unknown as Array<{ RecordId: string }>).map((e) => Number(e.RecordId)));
      const present = new Set(((await call(again.base, 'GET', '/api/project/all/', admin)).json as unknown as Array<{ Id: number }>).map((p) => p.Id));
      for (const id of acknowledged) expect([id, present.has(id)]).toEqual([id, true]);
      expect(present.size).toBeLessThan(projects.length); // killed before every restore was done
      for (const { Id } of projects) {
        expect([Id, present.has(Id) !== inTrash.has(Id)]).toEqual([Id, true]);
        if (present.has(Id)) {
          const gallery = ((await call(again.base, 'GET', `/api/project/${Id}`)).json as unknown as { Gallery?: unknown[] }).Gallery?.length ?? 0;
          expect([Id, gallery]).toEqual([Id, galleries.get(Id)]);
        }
      }
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabaseFor(dataDir);
  }
});
