// The English version of a text field (issue 27): right under its French field, labelled
// « … (anglais) », its name under `En` (the contract's En object, same field names), and a hint
// saying that empty means not translated. The admin stays French.
import { messages } from '../../messages/withAdmin';
import type { FieldSpec } from './navigator/types';

const t = messages.admin.english;

/**
 * The English field of a French one, named `name`: by default the French name under the
 * record's En (`Name` → `En.Name`, `Specialties[0].Title` → `En.Specialties[0].Title`).
 */
export const englishField = (spec: FieldSpec, name = `En.${spec.name}`): FieldSpec => ({
  ...spec,
  name,
  label: t.label(spec.label),
  hint: [spec.hint, t.hint].filter(Boolean).join('. '),
});

/** A French field, then its English one (named `name`, as above). */
export const withEnglish = (spec: FieldSpec, name?: string): FieldSpec[] => [spec, englishField(spec, name)];
