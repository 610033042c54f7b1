// The one record navigator: shows one record of a list at a time, moves between records, and
// adds, updates and deletes through the editor's configuration (specification sections 2, 4, 5).
// Category, project type, project and user editors are configurations of this component.
import { useEffect, useId, useMemo, useState } from 'react';
import { getIn, type FormApi } from 'final-form';
import { Form, FormSpy } from 'react-final-form';
import { useAppDispatch, useAppSelector } from '../../../hooks/store';
import { messages } from '../../../messages/withAdmin';
import { AdminPage, BackButton, Banner } from '../AdminPage';
import { validator, type FormValues } from '../validation';
import { FormField } from './FormField';
import { canMove, shownIndex, type Move } from './navigatorSlice';
import type { EditorConfig } from './types';
import type { Outcome } from './outcome';
import { useLeaveGuard } from './useLeaveGuard';
import { HistoryPanel } from '../safety/HistoryPanel';
import { UndoButton, useUndo } from '../safety/Undo';

const t = messages.admin;

const moves: { move: Move; label: string; arrow: string }[] = [
  { move: 'first', label: t.navigator.first, arrow: '«' },
  { move: 'previous', label: t.navigator.previous, arrow: '‹' },
  { move: 'next', label: t.navigator.next, arrow: '›' },
  { move: 'last', label: t.navigator.last, arrow: '»' },
];

export function RecordEditor<R extends { Id: number }>({ config }: { config: EditorConfig<R> }) {
  const dispatch = useAppDispatch();
  const { actions, selectors } = config.navigator;
  const nav = useAppSelector(selectors.selectNavigator);
  const crud = config.useCrud();
  const options = config.useOptions?.() ?? {};
  const validate = useMemo(() => validator(config.rules), [config.rules]);
  const idPrefix = useId();
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  // « Annuler » after a deletion: the trash entry that brings the record back.
  const undo = useUndo();
  // Moving to another record or into another mode is another operation: « Annuler » goes.
  const { dismiss } = undo;
  useEffect(dismiss, [nav.index, nav.mode, dismiss]);

  const records = crud.list.data ?? [];
  const total = records.length;
  const index = shownIndex(nav.index, total);
  const record = index >= 0 ? records[index] : undefined;
  const { mode } = nav;
  const editing = mode !== 'browse';

  // The same object while the record is (a new one would reset the form: final-form compares
  // initial values shallowly, and a record's En is nested).
  const initialValues = useMemo(() => (mode === 'add' || !record ? config.blank : config.toForm(record)), [mode, record, config]);
  const marks = mode !== 'add' && record ? (config.marks?.(record) ?? []) : [];
  // A new form for each record shown and each mode entered; within a mode the typed values stay
  // (a refused Ajouter or Accepter keeps them).
  const formKey = mode === 'add' ? 'add' : `${mode}:${JSON.stringify(initialValues)}`;

  useLeaveGuard(editing && dirty);

  const submit = async (values: FormValues, form: FormApi<FormValues>) => {
    setBusy(true);
    try {
      const entity = config.fromForm(values);
      const outcome = mode === 'add' ? await crud.add(entity) : await crud.update(entity);
      if (outcome.ok) {
        await crud.list.refetch(); // the banner and the selection come with the reloaded list
        setDirty(false);
        dispatch(mode === 'add' ? actions.added() : actions.updated());
        return;
      }
      dispatch(actions.failed(outcome.message));
      if (mode === 'add' && config.keepAfterFailedAdd) {
        const keep = new Set(config.keepAfterFailedAdd);
        form.batch(() => {
          for (const field of config.fields.map((f) => f.name).filter((name) => !keep.has(name))) {
            form.change(field, getIn(config.blank, field));
            form.resetFieldState(field);
          }
        });
      }
    } finally {
      setBusy(false);
    }
  };

  const erase = async () => {
    if (!record || !window.confirm(config.confirmErase(record))) return;
    setBusy(true);
    try {
      const outcome = await crud.remove(record);
      if (outcome.ok) await crud.list.refetch();
      dispatch(outcome.ok ? actions.deleted() : actions.failed(outcome.message));
      if (outcome.ok && config.trashKind) await undo.offer(config.trashKind, record.Id);
    } finally {
      setBusy(false);
    }
  };

  const undone = async (outcome: Outcome, recordId: string) => {
    if (!outcome.ok) {
      dispatch(actions.failed(outcome.message));
      return;
    }
    setBusy(true);
    try {
      const refreshed = (await crud.list.refetch()) as { data?: R[] };
      const back = (refreshed.data ?? []).findIndex((r) => String(r.Id) === recordId);
      dispatch(actions.restored(Math.max(back, 0)));
    } finally {
      setBusy(false);
    }
  };

  const leaveEditing = () => {
    setDirty(false);
    dispatch(actions.cancelled());
  };

  if (crud.list.isLoading) {
    return (
      <AdminPage title={config.title}>
        <p role="status">{t.navigator.loading}</p>
      </AdminPage>
    );
  }
  if (crud.list.isError && !crud.list.data) {
    return (
      <AdminPage title={config.title}>
        <p role="alert">{t.navigator.loadError}</p>
        <div className="admin-actions">
          <button type="button" onClick={() => void crud.list.refetch()}>
            {t.navigator.retry}
          </button>
          <BackButton />
        </div>
      </AdminPage>
    );
  }

  const moveButton = ({ move, label, arrow }: (typeof moves)[number]) => (
    <button
      key={move}
      type="button"
      aria-label={label}
      title={label}
      disabled={editing || !canMove(move, nav.index, total)}
      onClick={() => dispatch(actions.moved({ move, total }))}
    >
      <span aria-hidden="true">{arrow}</span>
    </button>
  );

  return (
    <AdminPage title={config.title}>
      <Banner banner={nav.banner} />
      {nav.banner?.kind === 'success' && <UndoButton undo={undo} disabled={busy} onRestored={(outcome, recordId) => void undone(outcome, recordId)} />}
      <nav className="admin-navigator" aria-label={t.navigator.label}>
        {moves.slice(0, 2).map(moveButton)}
        <output className="admin-counter">{config.counter(index + 1, total)}</output>
        {moves.slice(2).map(moveButton)}
        {marks.map((mark) => (
          <strong key={mark} className="admin-status">
            {mark}
          </strong>
        ))}
      </nav>
      {total === 0 && mode === 'browse' && <p className="admin-empty">{t.navigator.empty}</p>}

      <Form<FormValues> key={formKey} initialValues={initialValues} validate={validate} onSubmit={submit}>
        {({ handleSubmit, invalid, submitting }) => (
          <form className="admin-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
            <FormSpy subscription={{ dirty: true }} onChange={(state) => setDirty(Boolean(state.dirty))} />
            {config.fields.map((spec) => (
              <FormField
                key={spec.name}
                spec={spec}
                idPrefix={idPrefix}
                disabled={!editing || busy}
                options={spec.options ? options[spec.options] : undefined}
              />
            ))}
            <div className="admin-actions">
              {mode === 'browse' && (
                <>
                  <button type="button" disabled={!record || busy} onClick={() => dispatch(actions.updateStarted())}>
                    {t.buttons.update}
                  </button>
                  <button type="button" disabled={!record || busy} onClick={() => void erase()}>
                    {t.buttons.erase}
                  </button>
                  <button type="button" disabled={busy} onClick={() => dispatch(actions.addStarted())}>
                    {t.buttons.new}
                  </button>
                </>
              )}
              {editing && (
                <>
                  <button type="submit" className="admin-primary" disabled={invalid || submitting || busy}>
                    {mode === 'add' ? t.buttons.add : t.buttons.accept}
                  </button>
                  <button type="button" disabled={submitting} onClick={leaveEditing}>
                    {config.cancelLabel}
                  </button>
                </>
              )}
              <BackButton className="admin-back" />
            </div>
          </form>
        )}
      </Form>
      {record && mode !== 'add' ? config.below?.(record) : null}
      {record && mode === 'browse' && config.historyKind ? (
        <HistoryPanel
          key={record.Id}
          kind={config.historyKind}
          recordId={String(record.Id)}
          onRestored={(outcome) => {
            void crud.list.refetch();
            dispatch(outcome.ok ? actions.updated() : actions.failed(outcome.message));
          }}
        />
      ) : null}
    </AdminPage>
  );
}
