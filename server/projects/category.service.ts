// Categories: the rules of their calls, in plain values (no HTTP here).
import type { Category, ListOrder, MutationResult } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import { messages } from '../domain/messages.ts';
import { refuse } from '../domain/results.ts';
import { checkedWrite, holdsNothing, type Rule, type Target } from './checkedWrite.ts';
import * as categories from './category.repository.ts';
import { applyOrder } from './order.ts';
import { capture, putInTrash, type Who } from '../trash/trash.service.ts';

export const listCategories = (db: Db): Promise<Category[]> => categories.listCategories(db);

/** The category `id`, as a write's target. */
const category = (id: number): Target => ({ exists: (trx) => categories.categoryExists(trx, id), missing: messages.notFound.category(id) });

/** Two categories never share a name (ignoring case and accents), `exceptId` aside. */
const nameFree =
  (name: string, exceptId?: number): Rule =>
  async (trx) => ((await categories.categoryNameTaken(trx, name, exceptId)) ? messages.category.duplicate(name) : null);

export const addCategory = (db: Db, c: Category): Promise<MutationResult> =>
  checkedWrite(db, null, nameFree(c.Name), (trx) => categories.insertCategory(trx, c));

export async function updateCategory(db: Db, id: number, c: Category): Promise<MutationResult> {
  if (c.Id !== id) return refuse(messages.idMismatch(c.Id, id));
  return checkedWrite(db, category(id), nameFree(c.Name, id), (trx) => categories.updateCategory(trx, id, c));
}

export const orderCategories = (db: Db, listOrder: ListOrder): Promise<MutationResult> =>
  applyOrder(db, 'category', listOrder, async (trx) => (await categories.listCategories(trx)).map((c) => c.Id));

/** Moves the category to the trash (issue 28): its rows leave every read, kept until restored or purged. */
export const deleteCategory = (db: Db, id: number, who: Who): Promise<MutationResult> =>
  checkedWrite(db, category(id), holdsNothing((trx) => categories.countTypesOfCategory(trx, id), messages.category.hasTypes), async (trx) => {
    const body = await capture.category(trx, id);
    await putInTrash(trx, 'category', id, String(body.rows.category?.[0]?.name ?? ''), body, who);
    await categories.deleteCategory(trx, id);
  });
