import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { useLang } from '../lib/lang';

type QueryError = FetchBaseQueryError | SerializedError | undefined;

/** True when the API answered 404: the id does not exist (the page shows « Page introuvable »). */
export const isNotFound = (error: QueryError) =>
  !!error && 'status' in error && error.status === 404;

/** A failed call: a message and a retry, never a blank page. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const t = useLang().t.site.status;
  return (
    <div className="load-error" role="alert">
      <p>
        <strong>{t.loadError}</strong> {t.loadErrorHint}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}
