// Categories: the rules of their calls, in plain values (no HTTP here).
import type { Category, ListOrder, MutationResult } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse } from '../domain/results.ts';
import * as categories from './category.repository.ts';
import { applyOrder } from './order.ts';

export const listCategories = (db: Db): Promise<Category[]> => categories.listCategories(db);

export function addCategory(db: Db, category: Category): Promise<MutationResult> {
  return db.transaction().execute(async (trx) => {
    if (await categories.categoryNameTaken(trx, category.Name)) return refuse(messages.category.duplicate(category.Name));
    await categories.insertCategory(trx, category.Name);
    return ok();
  });
}

export async function updateCategory(db: Db, id: number, category: Category): Promise<MutationResult> {
  if (category.Id !== id) return refuse(messages.idMismatch(category.Id, id));
  return db.transaction().execute(async (trx) => {
    if (!(await categories.categoryExists(trx, id))) throw notFound(messages.notFound.category(id));
    if (await categories.categoryNameTaken(trx, category.Name, id)) return refuse(messages.category.duplicate(category.Name));
    await categories.updateCategory(trx, id, category.Name);
    return ok();
  });
}

export const orderCategories = (db: Db, listOrder: ListOrder): Promise<MutationResult> =>
  applyOrder(db, 'category', listOrder, async (trx) => (await categories.listCategories(trx)).map((c) => c.Id));

export function deleteCategory(db: Db, id: number): Promise<MutationResult> {
  return db.transaction().execute(async (trx) => {
    if (!(await categories.categoryExists(trx, id))) throw notFound(messages.notFound.category(id));
    const count = await categories.countTypesOfCategory(trx, id);
    if (count > 0) return refuse(messages.category.hasTypes(count));
    await categories.deleteCategory(trx, id);
    return ok();
  });
}
