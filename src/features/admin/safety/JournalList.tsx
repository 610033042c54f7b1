// « Journal » (/admin/journal, issue 28): every write through the API, newest first, filtered by
// administrator, kind of record and period, 50 a page.
import { useState, type FormEvent } from 'react';
import { useGetJournalQuery, useGetUsersQuery } from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { AdminPage, AdminTable, BackButton } from '../AdminPage';
import { dateTime } from './TrashList';

const t = messages.admin.safety;

interface Filters {
  by: string;
  kind: string;
  from: string;
  to: string;
}
const NONE: Filters = { by: '', kind: '', from: '', to: '' };

export function JournalList() {
  const [filters, setFilters] = useState<Filters>(NONE);
  const [draft, setDraft] = useState<Filters>(NONE);
  const [page, setPage] = useState(1);
  const users = useGetUsersQuery();
  const query = {
    page,
    ...(filters.by ? { by: filters.by } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const journal = useGetJournalQuery(query, { refetchOnMountOrArgChange: true });
  const data = journal.data;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const field = (key: keyof Filters) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });

  return (
    <AdminPage title={t.journal.title}>
      <form className="journal-filters" onSubmit={apply} aria-label={t.journal.filters}>
        <label>
          {t.journal.by}{' '}
          <select {...field('by')}>
            <option value="">{t.journal.anyKind}</option>
            {(users.data ?? []).map((user) => (
              <option key={user.Id} value={user.Email}>
                {user.Email}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {t.journal.kind}{' '}
          <select {...field('kind')}>
            <option value="">{t.journal.anyKind}</option>
            {Object.entries(t.kinds).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          {t.journal.from} <input type="date" {...field('from')} />
        </label>{' '}
        <label>
          {t.journal.to} <input type="date" {...field('to')} />
        </label>{' '}
        <button type="submit">{t.journal.apply}</button>
      </form>
      {data && data.Entries.length === 0 && <p>{t.journal.empty}</p>}
      {data && data.Entries.length > 0 && (
        <AdminTable label={t.journal.label} columns={[t.journal.at, t.journal.who, t.journal.action, t.journal.record, t.journal.outcome]}>
          {data.Entries.map((entry, i) => (
            <tr key={`${entry.At}-${i}`}>
              <td>{dateTime(entry.At)}</td>
              <td>{entry.By || '—'}</td>
              <td>{t.journal.actions[entry.Action] ?? entry.Action}</td>
              <td>
                {t.kinds[entry.Kind] ?? entry.Kind}
                {entry.RecordId ? ` n° ${entry.RecordId}` : ''}
                {entry.Name ? ` « ${entry.Name} »` : ''}
              </td>
              <td>{entry.Outcome === 'done' ? t.journal.done : t.journal.refused(entry.Message)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {data && (
        <nav className="admin-actions" aria-label={t.journal.page(data.Page, data.Pages, data.Total)}>
          <button type="button" disabled={data.Page <= 1} onClick={() => setPage(data.Page - 1)}>
            {t.journal.previous}
          </button>{' '}
          <span>{t.journal.page(data.Page, data.Pages, data.Total)}</span>{' '}
          <button type="button" disabled={data.Page >= data.Pages} onClick={() => setPage(data.Page + 1)}>
            {t.journal.next}
          </button>
        </nav>
      )}
      <div className="admin-actions">
        <BackButton />
      </div>
    </AdminPage>
  );
}
