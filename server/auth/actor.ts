// Who writes (issue 28): the signed-in administrator's e-mail, for the trash, the versions and the journal.
import type { Executor } from '../db/executor.ts';
import type { Who } from '../trash/trash.service.ts';

export async function actorOf(db: Executor, userId: number | null, now: number): Promise<Who> {
  if (userId === null) return { by: '', at: now };
  const row = await db.selectFrom('app_user').select('email').where('id', '=', userId).executeTakeFirst();
  return { by: row?.email ?? '', at: now };
}
