// The versions of a record (issue 28): each update keeps the state it replaced, with what changed.
import type { HistoryVersion } from '../../contract/api.ts';
import type { Executor } from '../db/executor.ts';
import type { RecordVersionTable } from '../db/schema.ts';

export type HistoryKind = RecordVersionTable['kind'];

export async function listVersions(db: Executor, kind: HistoryKind, recordId: string): Promise<HistoryVersion[]> {
  const rows = await db.selectFrom('record_version').selectAll().where('kind', '=', kind).where('record_id', '=', recordId).orderBy('version', 'desc').execute();
  return rows.map((row) => ({ Version: row.version, At: new Date(row.at).toISOString(), By: row.by, Changes: JSON.parse(row.changes) as HistoryVersion['Changes'] }));
}
