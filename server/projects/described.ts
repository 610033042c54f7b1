// What a project type and a project share: a name, a description and an image, the texts in
// French and in English. Their columns and their contract fields map here, once, both ways.
import type { Selectable } from 'kysely';
import type { ProjectType } from '../../contract/api.ts';
import type { ProjectTypeTable } from '../db/schema.ts';

type DescribedRow = Pick<Selectable<ProjectTypeTable>, 'name' | 'description' | 'image' | 'name_en' | 'description_en'>;
type Described = Pick<ProjectType, 'Name' | 'Description' | 'Image' | 'En'>;

/** The row's fields as the contract names them (En with every key: '' while not translated). */
export const described = (row: DescribedRow): Required<Described> => ({
  Name: row.name,
  Description: row.description,
  Image: row.image,
  En: { Name: row.name_en, Description: row.description_en },
});

/** The columns a write sets: the English texts only when En is sent (a write without it keeps them; a new row starts with ''). */
export const describedColumns = (fields: Described) => ({
  name: fields.Name,
  description: fields.Description,
  image: fields.Image,
  ...(fields.En ? { name_en: fields.En.Name, description_en: fields.En.Description } : {}),
});
