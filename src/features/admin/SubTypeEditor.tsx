// admin/subtype: the sub-types of one project type, each with an X button; a new link chosen
// from every project type; the success / failure label after each change (sections 2, 4, 8);
// « Annuler » after an unlink brings the link back (issue 28).
import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState } from 'react';
import {
  useAddSubTypeMutation,
  useDeleteSubTypeMutation,
  useGetProjectTypesQuery,
  useGetSubTypesQuery,
} from '../../api/adminApi';
import { messages } from '../../messages/withAdmin';
import { AdminPage, BackButton, Banner } from './AdminPage';
import type { Banner as BannerState } from './navigator/navigatorSlice';
import { bannerOf, outcomeOf, type Outcome } from './navigator/outcome';
import { RecordSelect } from './RecordSelect';
import { UndoButton, useUndo } from './safety/Undo';

const t = messages.admin;

export function SubTypeEditor() {
  const id = useId();
  const types = useGetProjectTypesQuery();
  const [chosen, setChosen] = useState<number | undefined>();
  const [newSubType, setNewSubType] = useState<number | undefined>();
  const [banner, setBanner] = useState<BannerState>(null);
  const [add, adding] = useAddSubTypeMutation();
  const [remove, removing] = useDeleteSubTypeMutation();
  const undo = useUndo();

  const all = types.data ?? [];
  // The selected type, the first one by default (or when the chosen one is gone).
  const srcId = all.some((type) => type.Id === chosen) ? chosen : all[0]?.Id;
  const source = all.find((type) => type.Id === srcId);
  const subTypes = useGetSubTypesQuery(srcId ? { id: srcId } : skipToken);
  const busy = adding.isLoading || removing.isLoading;

  const show = (outcome: Outcome) =>
    setBanner(bannerOf(outcome));

  const link = async () => {
    if (!srcId || !newSubType) return;
    undo.dismiss();
    show(outcomeOf(await add({ subTypeLink: { SrcId: srcId, DestId: newSubType } })));
  };

  const unlink = async (destId: number) => {
    if (!srcId || !window.confirm(t.confirm.eraseSubType)) return;
    undo.dismiss();
    const outcome = outcomeOf(await remove({ subTypeLink: { SrcId: srcId, DestId: destId } }));
    show(outcome);
    if (outcome.ok) await undo.offer('subtype', `${srcId}-${destId}`);
  };

  if (types.isLoading) {
    return (
      <AdminPage title={t.editors.subType}>
        <p role="status">{t.navigator.loading}</p>
      </AdminPage>
    );
  }

  return (
    <AdminPage title={t.editors.subType}>
      {types.isError && !types.data && <p role="alert">{t.navigator.loadError}</p>}
      <Banner banner={banner} />
      {banner?.kind === 'success' && <UndoButton undo={undo} disabled={busy} onRestored={show} />}
      <div className="admin-form">
        <RecordSelect
          id={`${id}-type`}
          label={t.subType.type}
          value={srcId}
          records={all}
          onChange={(value) => {
            setChosen(value);
            setBanner(null);
            undo.dismiss();
          }}
        />

        <section className="admin-subtypes" aria-labelledby={`${id}-list`}>
          <h2 id={`${id}-list`}>{t.subType.list(source?.Name ?? '')}</h2>
          {subTypes.isFetching && !subTypes.data ? (
            <p role="status">{t.navigator.loading}</p>
          ) : subTypes.data && subTypes.data.length > 0 ? (
            <ul>
              {subTypes.data.map((sub) => (
                <li key={sub.Id}>
                  <span>{sub.Name}</span>
                  <button
                    type="button"
                    className="admin-remove"
                    aria-label={t.subType.remove(sub.Name)}
                    title={t.subType.remove(sub.Name)}
                    disabled={busy}
                    onClick={() => void unlink(sub.Id)}
                  >
                    X
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t.subType.none}</p>
          )}
        </section>

        <RecordSelect id={`${id}-new`} label={t.subType.newSubType} value={newSubType} records={all} choose onChange={setNewSubType} />
        <div className="admin-actions">
          <button
            type="button"
            className="admin-primary"
            disabled={!srcId || !newSubType || busy}
            onClick={() => void link()}
          >
            {t.subType.add}
          </button>
          <BackButton className="admin-back" />
        </div>
      </div>
    </AdminPage>
  );
}
