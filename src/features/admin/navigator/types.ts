// The configuration of one record editor: its list and calls, its fields and rules, its texts.
// The four editors (category, project type, project, user) are four values of this type.
import type { ReactNode } from 'react';
import type { Rules, FormValues } from '../validation';
import type { InjectedNavigator } from './navigatorSlice';
import type { Outcome } from './outcome';

export interface Option {
  value: number;
  label: string;
}

export interface FieldSpec {
  name: string;
  label: string;
  /** `image`: a file name typed, uploaded or picked from the photo library. */
  kind: 'text' | 'email' | 'password' | 'textarea' | 'select' | 'image' | 'checkbox';
  /** For a select: the key of its option list in `useOptions()`. */
  options?: string;
  hint?: string;
  /** Never show this field's message (the category name, section 5). */
  quiet?: boolean;
  autoComplete?: string;
}

interface ListState<R> {
  data?: R[];
  isLoading: boolean;
  isError: boolean;
  /** Reloads the list; resolves once the new list is in. */
  refetch: () => PromiseLike<unknown>;
}

/** The generated hooks an editor uses, behind one shape. */
export interface Crud<R> {
  list: ListState<R>;
  add(record: R): Promise<Outcome>;
  update(record: R): Promise<Outcome>;
  remove(record: R): Promise<Outcome>;
}

export interface EditorConfig<R extends { Id: number }> {
  title: string;
  navigator: InjectedNavigator;
  useCrud(): Crud<R>;
  /** Option lists of the select fields, by key. */
  useOptions?(): Record<string, Option[] | undefined>;
  fields: FieldSpec[];
  rules: Rules;
  /** The blank record of add mode (Id 0). */
  blank: FormValues;
  toForm(record: R): FormValues;
  fromForm(values: FormValues): R;
  counter(n: number, total: number): string;
  /** Shown under the form while a saved record is shown (a project's gallery). */
  below?(record: R): ReactNode;
  /** The words shown beside the counter for this record (marks.ts: « Brouillon », « Non traduit »). */
  marks?(record: R): string[];
  cancelLabel: string;
  confirmErase(record: R): string;
  /** The record's kind in the trash (issue 28): « Annuler » after a deletion restores it. */
  trashKind?: 'category' | 'projecttype' | 'project' | 'user';
  /** The record's kind in the history (issue 28): « Historique » under the form. */
  historyKind?: 'category' | 'projecttype' | 'project';
  /** After a refused Ajouter, only these fields keep what was typed (all when omitted). */
  keepAfterFailedAdd?: string[];
}
