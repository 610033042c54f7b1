// « Corbeille » (/admin/trash, issue 28): what was deleted, when and by whom, newest first, each
// with « Restaurer » and « Supprimer définitivement » (after a confirmation).
import { useState } from 'react';
import { useDeleteTrashMutation, useGetTrashQuery, useRestoreTrashMutation, type TrashEntry } from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { AdminPage, AdminTable, BackButton, Banner } from '../AdminPage';
import { bannerOf, outcomeOf } from '../navigator/outcome';
import type { Banner as BannerState } from '../navigator/navigatorSlice';

const t = messages.admin.safety;

export const dateTime = (iso: string) => new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeStyle: 'short' }).format(Date.parse(iso));
/** A day in French (« 25 décembre 2026 »). */
export const date = (iso: string) => new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long' }).format(Date.parse(iso));

export function TrashList() {
  const trash = useGetTrashQuery(undefined, { refetchOnMountOrArgChange: true });
  const [restore, restoring] = useRestoreTrashMutation();
  const [erase, erasing] = useDeleteTrashMutation();
  const [banner, setBanner] = useState<BannerState>(null);
  const [done, setDone] = useState('');
  const busy = restoring.isLoading || erasing.isLoading;

  const onRestore = async (entry: TrashEntry) => {
    const outcome = outcomeOf(await restore({ id: entry.Id }));
    setBanner(bannerOf(outcome));
    setDone(outcome.ok ? t.trash.restored(entry.Name) : '');
  };
  const onErase = async (entry: TrashEntry) => {
    if (!window.confirm(t.trash.confirmErase(entry.Name))) return;
    const outcome = outcomeOf(await erase({ id: entry.Id }));
    setBanner(bannerOf(outcome));
    setDone(outcome.ok ? t.trash.erased(entry.Name) : '');
  };

  const entries = trash.data ?? [];
  return (
    <AdminPage title={t.trash.title}>
      <Banner banner={banner} />
      {done && <p role="status">{done}</p>}
      <p>{t.trash.intro}</p>
      {trash.data && entries.length === 0 && <p>{t.trash.empty}</p>}
      {entries.length > 0 && (
        <AdminTable label={t.trash.label} columns={[t.trash.kind, t.trash.name, t.trash.deletedAt, t.trash.deletedBy, t.trash.purgeAt, t.trash.actions]}>
          {entries.map((entry) => (
            <tr key={entry.Id}>
              <td>{t.kinds[entry.Kind] ?? entry.Kind}</td>
              <td>{entry.Name}</td>
              <td>{dateTime(entry.DeletedAt)}</td>
              <td>{entry.DeletedBy}</td>
              <td>{t.trash.purgeOn(date(entry.PurgeAt))}</td>
              <td>
                <button type="button" disabled={busy} onClick={() => void onRestore(entry)} aria-label={`${t.trash.restore} ${entry.Name}`}>
                  {t.trash.restore}
                </button>{' '}
                <button type="button" disabled={busy} onClick={() => void onErase(entry)} aria-label={`${t.trash.erase} ${entry.Name}`}>
                  {t.trash.erase}
                </button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <div className="admin-actions">
        <BackButton />
      </div>
    </AdminPage>
  );
}
