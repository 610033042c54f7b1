// The category table.
import type { Category } from '../../contract/api.ts';
import { uniqueKey } from '../domain/text.ts';
import { toCategory } from './views.ts';
import { countOf, existsById, keyTaken, type Executor } from '../db/executor.ts';
import { nextPosition } from './order.ts';

/** Every category, in the owner's order. */
export const listCategories = async (db: Executor): Promise<Category[]> =>
  (await db.selectFrom('category').select(['id', 'name', 'name_en']).orderBy('position').orderBy('id').execute()).map(toCategory);

export const categoryExists = (db: Executor, id: number): Promise<boolean> => existsById(db, 'category', id);

/** Whether a category other than `exceptId` has this name, compared without case. */
export const categoryNameTaken = (db: Executor, name: string, exceptId = 0): Promise<boolean> =>
  keyTaken(db, 'category', uniqueKey(name), exceptId);

/** The columns a write sets: the English name only when En is sent (a write without it keeps it; a new row starts with ''). */
const columns = (c: Category) => ({ name: c.Name, name_key: uniqueKey(c.Name), ...(c.En ? { name_en: c.En.Name } : {}) });

export async function insertCategory(db: Executor, category: Category): Promise<void> {
  await db.insertInto('category').values({ ...columns(category), position: nextPosition('category') }).execute();
}

export async function updateCategory(db: Executor, id: number, category: Category): Promise<void> {
  await db.updateTable('category').set(columns(category)).where('id', '=', id).execute();
}

export async function deleteCategory(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('category').where('id', '=', id).execute();
}

/** How many project types the category holds. */
export const countTypesOfCategory = (db: Executor, id: number): Promise<number> =>
  countOf(db.selectFrom('project_type').select((eb) => eb.fn.countAll<number>().as('count')).where('category_id', '=', id));
