// How the catalogue's writes check before they write (categories, project types, projects): in
// one transaction, a 404 when the record written to is not there, then a refusal (200, Result
// false) when a rule says no, then the write. One place for that order, so every call keeps it.
import type { MutationResult } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { notFound } from '../domain/errors.ts';
import { ok, refuse } from '../domain/results.ts';

/** The record a write changes (an update, a delete): whether it is there, and the 404's message. */
export interface Target {
  exists: (trx: Executor) => Promise<boolean>;
  missing: string;
}

/** Why a write is refused (a French message), or null. */
export type Rule = (trx: Executor) => Promise<string | null>;

export function checkedWrite(db: Db, target: Target | null, rule: Rule, write: (trx: Executor) => Promise<unknown>): Promise<MutationResult> {
  return db.transaction().execute(async (trx) => {
    if (target && !(await target.exists(trx))) throw notFound(target.missing);
    const refusal = await rule(trx);
    if (refusal) return refuse(refusal);
    await write(trx);
    return ok();
  });
}

/** Several rules, in order: the first refusal. */
export const allOf =
  (...rules: Rule[]): Rule =>
  async (trx) => {
    for (const rule of rules) {
      const refusal = await rule(trx);
      if (refusal) return refusal;
    }
    return null;
  };

/** The rule of a record that belongs to another (a type to its category, a project to its type): that one exists. */
export const parentExists =
  (exists: (trx: Executor, id: number) => Promise<boolean>, id: number, refusal: string): Rule =>
  async (trx) => ((await exists(trx, id)) ? null : refusal);

/** The rule of a delete: the record holds nothing (a category no type, a type no project). */
export const holdsNothing =
  (count: (trx: Executor) => Promise<number>, refusal: (count: number) => string): Rule =>
  async (trx) => {
    const held = await count(trx);
    return held > 0 ? refusal(held) : null;
  };
