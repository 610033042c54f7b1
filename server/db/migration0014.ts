// What migration 0014 (issue 31: the RBQ licence, testimonials, opening hours) stores for the
// demo business, frozen as it was released (a migration never imports code that can change
// later). The same function fills an existing database (migration 0014) and a fresh install
// (server/db/seed.ts, once the demo projects are stored): the demo's licence, hours and
// testimonials live here alone. An owner's site is never given the demo's: the licence and hours
// go to the settings only while the business is still the demo's (its name), and the demo's
// testimonials only into an empty testimonial table of a demo business whose catalogue exists.
import type { Kysely } from 'kysely';
import { site0007 } from './migration0007.ts';

interface Tables0014 {
  project: { id: number; name: string };
  category: { id: number };
  testimonial: {
    id?: number;
    text: string;
    text_en: string;
    client_name: string;
    place: string;
    month: string;
    project_id: number | null;
    published: number;
    consent: number;
    consent_at: number | null;
    position: number;
  };
  site_document: { name: string; body: string; updated_at: number };
}

type Range = { Open: string; Close: string };
const weekday: Range[] = [{ Open: '07:30', Close: '17:00' }];

/** The demo's settings of issue 31. */
export const trust0014 = {
  RbqLicence: '5678-1234-01',
  Hours: [weekday, weekday, weekday, weekday, weekday, [{ Open: '09:00', Close: '12:00' }], []] as Range[][],
  HoursNote: 'Sur rendez-vous le samedi',
  HoursNoteEn: 'Saturdays by appointment',
};

/** What an owner's site (not the demo's) gets: no licence, no hours given, no note. */
const none = { RbqLicence: '', Hours: [[], [], [], [], [], [], []] as Range[][], HoursNote: '' };

/** The demo's testimonials: [French, English], the client, the place, the month, the project (by its French name). */
export const testimonials0014: Array<{ text: string; en: string; client: string; place: string; month: string; project: string | null }> = [
  {
    text: 'Notre terrasse sur deux niveaux est exactement ce qu’on avait dessiné ensemble. Travail propre, chantier rangé chaque soir, et l’échéancier a été respecté.',
    en: 'Our two-level deck is exactly what we drew up together. Clean work, a tidy site every evening, and the schedule was kept.',
    client: 'Julie B.',
    place: 'Aylmer',
    month: '2025-07',
    project: 'Terrasse en cèdre sur deux niveaux',
  },
  {
    text: 'Les tiroirs sous l’escalier ont changé notre entrée : tout a sa place. Conseils honnêtes et prix conforme à la soumission.',
    en: 'The drawers under the stairs changed our entrance: everything has its place. Honest advice and a price that matched the quote.',
    client: 'Marc-André L.',
    place: 'Hull',
    month: '2025-03',
    project: 'Tiroirs coulissants sous l’escalier',
  },
  {
    text: 'Le salon repeint en tons chauds est lumineux et les finitions sont impeccables. On fera appel à lui pour la cuisine.',
    en: 'The living room repainted in warm tones is bright and the finish is flawless. We will call on him for the kitchen.',
    client: 'Sophie T.',
    place: 'Gatineau',
    month: '2024-10',
    project: 'Salon repeint en tons chauds',
  },
  {
    text: 'Un buffet en chêne fait sur mesure pour un mur difficile. Le résultat dépasse nos attentes, et il a pris le temps de nous expliquer chaque choix.',
    en: 'A custom oak sideboard for an awkward wall. The result is beyond what we hoped for, and he took the time to explain every choice.',
    client: 'Famille Gagnon',
    place: 'Chelsea',
    month: '2024-05',
    project: 'Buffet de salle à manger en chêne',
  },
];

/** Adds the licence, hours and note to the settings (the demo's for the demo business), then the demo's testimonials. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration's database, or the seed's transaction
export async function trustDemo0014(anyDb: Kysely<any>, now = Date.now()): Promise<void> {
  const db = anyDb as Kysely<Tables0014>;
  const row = await db.selectFrom('site_document').select('body').where('name', '=', 'site').executeTakeFirst();
  if (!row) return;
  const site = JSON.parse(row.body) as Record<string, unknown> & { BusinessName?: string; En?: Record<string, unknown> };
  const demo = site.BusinessName === site0007.BusinessName;
  if (!('RbqLicence' in site)) {
    const { HoursNoteEn, ...fr } = trust0014;
    const added = demo ? fr : none;
    const updated = { ...site, ...added, ...(site.En ? { En: { ...site.En, HoursNote: demo ? HoursNoteEn : '' } } : {}) };
    await db.updateTable('site_document').set({ body: JSON.stringify(updated), updated_at: now }).where('name', '=', 'site').execute();
  }
  if (!demo) return;
  if (!(await db.selectFrom('category').select('id').limit(1).executeTakeFirst())) return;
  if (await db.selectFrom('testimonial').select('id').limit(1).executeTakeFirst()) return;
  const projects = await db.selectFrom('project').select(['id', 'name']).execute();
  const idOf = (name: string | null) => (name === null ? null : (projects.find((p) => p.name === name)?.id ?? null));
  await db
    .insertInto('testimonial')
    .values(
      testimonials0014.map((t, i) => ({
        text: t.text,
        text_en: t.en,
        client_name: t.client,
        place: t.place,
        month: t.month,
        project_id: idOf(t.project),
        published: 1,
        consent: 1,
        consent_at: now,
        position: i + 1,
      })),
    )
    .execute();
}
