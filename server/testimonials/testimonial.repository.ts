// The testimonial table (issue 31).
import type { Selectable } from 'kysely';
import type { Testimonial } from '../../contract/api.ts';
import type { TestimonialTable } from '../db/schema.ts';
import { existsById, type Executor } from '../db/executor.ts';
import { nextPosition } from '../projects/order.ts';

export type TestimonialRow = Selectable<TestimonialTable>;

/** Every testimonial, or the published ones, in the owner's order. */
export const listTestimonials = (db: Executor, publishedOnly: boolean): Promise<TestimonialRow[]> =>
  db
    .selectFrom('testimonial')
    .selectAll()
    .$if(publishedOnly, (q) => q.where('published', '=', 1))
    .orderBy('position')
    .orderBy('id')
    .execute();

export const findTestimonial = (db: Executor, id: number): Promise<TestimonialRow | undefined> =>
  db.selectFrom('testimonial').selectAll().where('id', '=', id).executeTakeFirst();

export const testimonialExists = (db: Executor, id: number): Promise<boolean> => existsById(db, 'testimonial', id);

/**
 * The row of a testimonial as sent: `consentAt` is the consent's date (kept from before while the
 * box stays checked); one sent without En keeps its English text (a new one starts with '').
 */
const columns = (t: Testimonial, consentAt: number | null) => ({
  text: t.Text,
  client_name: t.ClientName,
  place: t.Place,
  month: t.Month,
  project_id: t.ProjectId,
  published: t.Published ? 1 : 0,
  consent: t.Consent ? 1 : 0,
  consent_at: t.Consent ? consentAt : null,
  ...(t.En ? { text_en: t.En.Text } : {}),
});

export async function insertTestimonial(db: Executor, t: Testimonial, consentAt: number | null): Promise<void> {
  await db.insertInto('testimonial').values({ ...columns(t, consentAt), position: nextPosition('testimonial') }).execute();
}

export async function updateTestimonial(db: Executor, id: number, t: Testimonial, consentAt: number | null): Promise<void> {
  await db.updateTable('testimonial').set(columns(t, consentAt)).where('id', '=', id).execute();
}

export async function deleteTestimonial(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('testimonial').where('id', '=', id).execute();
}
