// Clients' testimonials (issue 31): the rules of their calls, in plain values (no HTTP here).
// Published only with the client's consent, whose date is kept while the box stays checked; the
// project each is about, if any, must exist; the month of the work is not in the future.
import type { ListOrder, MutationResult, Testimonial, TestimonialView } from '../../contract/api.ts';
import type { Db } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { notFound } from '../domain/errors.ts';
import { messages } from '../domain/messages.ts';
import { ok, refuse } from '../domain/results.ts';
import { projectExists } from '../projects/project.repository.ts';
import { applyOrder } from '../projects/order.ts';
import * as repository from './testimonial.repository.ts';

/** A row as the API answers it. */
const view = (row: repository.TestimonialRow): TestimonialView => ({
  Id: row.id,
  Text: row.text,
  ClientName: row.client_name,
  Place: row.place,
  Month: row.month,
  ProjectId: row.project_id,
  Published: row.published === 1,
  Consent: row.consent === 1,
  ConsentAt: row.consent_at,
  En: { Text: row.text_en },
});

/** The published testimonials (visitors), or all of them (the administrator). */
export async function listTestimonials(db: Db, publishedOnly: boolean): Promise<TestimonialView[]> {
  return (await repository.listTestimonials(db, publishedOnly)).map(view);
}

/** The month now, YYYY-MM, in Québec. */
const monthOf = (now: number) => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'America/Toronto' }).format(now).slice(0, 7);

/** Why a testimonial as sent is refused, or null. */
async function refusal(trx: Executor, t: Testimonial, now: number): Promise<string | null> {
  if (t.Published && !t.Consent) return messages.testimonial.consentRequired;
  if (t.Month > monthOf(now)) return messages.testimonial.futureMonth(t.Month);
  if (t.ProjectId !== null && !(await projectExists(trx, t.ProjectId))) return messages.testimonial.noProject(t.ProjectId);
  return null;
}

export function addTestimonial(db: Db, t: Testimonial, now = Date.now()): Promise<MutationResult> {
  return db.transaction().execute(async (trx) => {
    const refused = await refusal(trx, t, now);
    if (refused) return refuse(refused);
    await repository.insertTestimonial(trx, t, t.Consent ? now : null);
    return ok();
  });
}

export function updateTestimonial(db: Db, id: number, t: Testimonial, now = Date.now()): Promise<MutationResult> {
  if (t.Id !== id) return Promise.resolve(refuse(messages.idMismatch(t.Id, id)));
  return db.transaction().execute(async (trx) => {
    const stored = await repository.findTestimonial(trx, id);
    if (!stored) throw notFound(messages.notFound.testimonial(id));
    const refused = await refusal(trx, t, now);
    if (refused) return refuse(refused);
    // The consent's date: when the box was checked, kept while it stays checked.
    await repository.updateTestimonial(trx, id, t, stored.consent === 1 && stored.consent_at !== null ? stored.consent_at : now);
    return ok();
  });
}

export function deleteTestimonial(db: Db, id: number): Promise<MutationResult> {
  return db.transaction().execute(async (trx) => {
    if (!(await repository.testimonialExists(trx, id))) throw notFound(messages.notFound.testimonial(id));
    await repository.deleteTestimonial(trx, id);
    return ok();
  });
}

export const orderTestimonials = (db: Db, listOrder: ListOrder): Promise<MutationResult> =>
  applyOrder(db, 'testimonial', listOrder, async (trx) => (await repository.listTestimonials(trx, false)).map((t) => t.id));
