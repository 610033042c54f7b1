// « Historique » under an editor (issue 28): the versions the record's updates replaced, newest
// first, each with its changed fields (old and new values side by side) and « Restaurer cette
// version », an ordinary update (recorded, and refused like any update when no longer valid).
import { useState } from 'react';
import { useGetHistoryQuery, useRestoreVersionMutation, type HistoryVersion } from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { bannerOf, outcomeOf, type Outcome } from '../navigator/outcome';
import { AdminTable, Banner } from '../AdminPage';
import type { Banner as BannerState } from '../navigator/navigatorSlice';
import { dateTime } from './TrashList';

const t = messages.admin.safety.history;

export type HistoryKind = 'category' | 'projecttype' | 'project' | 'site' | 'menu';

interface HistoryPanelProps {
  kind: HistoryKind;
  recordId: string;
  onRestored?: (outcome: Outcome) => void;
  /** A changed field's French label, from its path (e.g. Specialties.1.Title); the record editors' fields by default. */
  label?: (field: string) => string | undefined;
}

/** A record editor's field (its form's label), or a project's gallery photo's (Gallery.2.Caption). */
export function recordFieldLabel(field: string): string | undefined {
  const photo = /^Gallery\.(\d+)\.(.+)$/.exec(field);
  if (!photo) return t.fields[field];
  const name = t.galleryFields[photo[2] ?? ''];
  return name && t.galleryField(Number(photo[1]), name);
}

export function HistoryPanel({ kind, recordId, onRestored, label }: HistoryPanelProps) {
  const history = useGetHistoryQuery({ kind, recordId }, { refetchOnMountOrArgChange: true });
  const [restore, restoring] = useRestoreVersionMutation();
  const [banner, setBanner] = useState<BannerState>(null);
  const versions = history.data ?? [];

  const onRestore = async (version: HistoryVersion) => {
    if (!window.confirm(t.confirm(version.Version))) return;
    const outcome = outcomeOf(await restore({ kind, recordId, version: version.Version }));
    setBanner(bannerOf(outcome));
    onRestored?.(outcome);
  };

  return (
    <details className="admin-history">
      <summary>{t.title}</summary>
      <Banner banner={banner} />
      {history.data && versions.length === 0 && <p>{t.empty}</p>}
      {versions.map((version) => (
        <section key={version.Version} aria-label={t.version(version.Version)}>
          <h3>{t.heading(version.Version, dateTime(version.At), version.By)}</h3>
          <AdminTable columns={[t.field, t.old, t.new]}>
            {version.Changes.map((change) => (
              <tr key={change.Field}>
                <td>{label?.(change.Field) ?? recordFieldLabel(change.Field) ?? change.Field}</td>
                <td>{change.Old}</td>
                <td>{change.New}</td>
              </tr>
            ))}
          </AdminTable>
          <button type="button" disabled={restoring.isLoading} onClick={() => void onRestore(version)}>
            {t.restore}
          </button>
        </section>
      ))}
    </details>
  );
}
