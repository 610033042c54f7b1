// The frame of every admin screen: the admin styles, a title, and the Retour button.
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../messages/withAdmin';
import { paths } from '../../../contract/paths';
import './admin.css';

/** Retour: back in history; on a first page (opened directly) back to the admin menu. */
export function BackButton({ className }: { className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <button
      type="button"
      className={className}
      onClick={() => void (location.key === 'default' ? navigate(paths.admin.menu.href()) : navigate(-1))}
    >
      {messages.admin.buttons.back}
    </button>
  );
}

export function AdminPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="admin">
      <title>{`${title} — ${messages.admin.title}`}</title>
      <h1 className="admin-title">{title}</h1>
      {children}
    </div>
  );
}

/** A table of the admin's lists (« Corbeille », « Journal », « Historique »): its column headings, then its rows. */
export function AdminTable({ label, columns, children }: { label?: string; columns: string[]; children: ReactNode }) {
  return (
    <table className="admin-table" aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The success / failure label of the last operation (section 8). */
export function Banner({ banner }: { banner: { kind: 'success' } | { kind: 'failure'; message: string } | null }) {
  const t = messages.admin.banner;
  return (
    <div className="admin-banner-slot" aria-live="polite">
      {banner?.kind === 'success' && (
        <p className="admin-banner admin-banner--success" role="status">
          {t.success}
        </p>
      )}
      {banner?.kind === 'failure' && (
        <p className="admin-banner admin-banner--failure" role="alert">
          {t.failure(banner.message)}
        </p>
      )}
    </div>
  );
}
