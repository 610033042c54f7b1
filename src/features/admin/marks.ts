// The words shown beside a record's name in the admin (the navigator's counter, the order lists):
// a project visitors do not see, « Brouillon »; a category, type or project whose English name is
// not written yet (issue 27: a record is translated when its En.Name is), « Non traduit ».
import { messages } from '../../messages/withAdmin';

const t = messages.admin.counter;

interface Marked {
  Published?: boolean;
  En?: { Name?: string };
}

const isTranslated = (record: Marked) => Boolean(record.En?.Name?.trim());

export const marksOf = (record: Marked): string[] => [
  ...(record.Published === false ? [t.draft] : []),
  ...(isTranslated(record) ? [] : [t.untranslated]),
];
