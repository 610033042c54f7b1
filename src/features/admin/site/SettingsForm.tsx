// What the two long forms of issue 14 share: the pages the settings' cards and the menu's
// entries may open (a category's types list, a project type's page, and for the menu the site's
// own pages; each chosen from a list, never typed), a submit that
// takes the person to the first refused field, the values as sent (trimmed), and the frame of
// both screens (SettingsForm).
import { useState, type FormEvent, type ReactNode } from 'react';
import type { FormApi } from 'final-form';
import { Form } from 'react-final-form';
import { useField } from 'react-final-form';
import { useGetCategoriesQuery, useGetProjectTypesQuery } from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { paths } from '../../../../contract/paths';
import { AdminPage, BackButton, Banner } from '../AdminPage';
import { OptionList } from '../RecordSelect';
import type { Banner as BannerState } from '../navigator/navigatorSlice';
import { bannerOf, type Outcome } from '../navigator/outcome';
import type { FormValues } from '../validation';
import { HistoryPanel } from '../safety/HistoryPanel';

const t = messages.admin;

export interface TargetOption {
  value: string;
  label: string;
}

/**
 * The pages a target may name: gallery pages (`gallery`), or those and the site's own pages;
 * null until the categories and types have arrived.
 */
export function useTargets(scope: 'gallery' | 'site'): TargetOption[] | null {
  const categories = useGetCategoriesQuery().data;
  const types = useGetProjectTypesQuery().data;
  if (!categories || !types) return null;
  const gallery = [
    ...categories.map((c) => ({ value: paths.typesList.href(c.Id), label: t.targets.category(c.Name) })),
    ...types.map((type) => ({ value: paths.projectType.href(type.Id), label: t.targets.type(type.Name) })),
  ];
  if (scope === 'gallery') return gallery;
  return [...Object.entries(t.targets.pages).map(([value, label]) => ({ value, label })), ...gallery];
}

/** A select of targets, with its label and its message under it once touched. */
export function TargetField({ name, label, id, options }: { name: string; label: string; id: string; options: TargetOption[] | null }) {
  const { input, meta } = useField<string>(name, { format: (value) => value ?? '', parse: (value) => value ?? '' });
  const error = meta.touched && typeof meta.error === 'string' ? meta.error : undefined;
  // A target whose page was deleted stays shown (and refused when saved) until the owner picks another.
  // Until the lists arrive, the target is shown as it is.
  const known = options ?? [];
  const current = input.value && !known.some((o) => o.value === input.value) ? [{ value: input.value, label: options ? t.targets.gone(input.value) : input.value }] : [];
  const shown = [...current, ...known];
  return (
    <div className={`admin-field${error ? ' admin-field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select {...input} id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <OptionList choose options={shown} />
      </select>
      {error && (
        <small id={`${id}-error`} className="admin-error">
          {error}
        </small>
      )}
    </div>
  );
}

interface SettingsFormProps {
  title: string;
  intro: string;
  loadError: string;
  /** The loaded document, as the form's values; undefined while it loads. */
  initialValues: FormValues | undefined;
  isError: boolean;
  validate(values: FormValues): object;
  save(values: FormValues): Promise<Outcome>;
  /** The document's kind in the history (issue 28): « Historique » under the form; a restored version reloads the form. */
  history: 'site' | 'menu';
  /** A changed field's French label in « Historique », from its path. */
  historyLabel(field: string): string | undefined;
  /** The fields. */
  children: ReactNode;
}

/**
 * One screen of a whole document (the settings, the menu): its form, « Enregistrer » with the
 * spec's banners beside it, « Voir le site » and « Retour », and its « Historique ».
 */
export function SettingsForm({ title, intro, loadError, initialValues, isError, validate, save, history, historyLabel, children }: SettingsFormProps) {
  const [banner, setBanner] = useState<BannerState>(null);
  const submit = async (values: FormValues, form: FormApi<FormValues>) => {
    setBanner(null);
    const outcome = await save(values);
    // Saved: what is shown is what the server holds (nothing left unsaved for the guard).
    if (outcome.ok) form.initialize(values);
    setBanner(bannerOf(outcome));
  };
  return (
    <AdminPage title={title}>
      <p className="admin-intro">{intro}</p>
      {isError && <p role="alert">{loadError}</p>}
      {initialValues && (
        <Form<FormValues> onSubmit={submit} initialValues={initialValues} validate={(values) => validate(values) as Record<string, string>} subscription={{ submitting: true }}>
          {({ handleSubmit, submitting }) => (
            <form className="admin-form admin-settings" onSubmit={(event) => void submitShowingErrors(event, handleSubmit)} noValidate>
              {children}
              {/* Beside the button the person just pressed, at the end of a long form. */}
              <Banner banner={banner} />
              <div className="admin-actions">
                <button type="submit" disabled={submitting}>
                  {t.site.save}
                </button>
                <a href={paths.welcome.href()} target="_blank" rel="noopener">
                  {t.site.view}
                  <span className="visually-hidden"> {t.site.newWindow}</span>
                </a>
                <BackButton className="admin-back" />
              </div>
            </form>
          )}
        </Form>
      )}
      {/* The document's own name is its id in the history (GET /api/history/site/site, /menu/menu). */}
      {initialValues && <HistoryPanel kind={history} recordId={history} label={historyLabel} />}
    </AdminPage>
  );
}

/** Submits; when a field refuses, its message is where the focus goes (the form is long). */
async function submitShowingErrors(event: FormEvent<HTMLFormElement>, handleSubmit: (event: FormEvent<HTMLFormElement>) => Promise<unknown> | undefined) {
  const form = event.currentTarget;
  await handleSubmit(event);
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** The form's values as sent: every text without the spaces typed around it. */
export function trimmed<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map(trimmed) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, trimmed(v)])) as T;
  return value;
}
