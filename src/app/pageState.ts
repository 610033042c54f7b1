// What the route table says of a page and the layout reads: the queries it shows, and its state.
import type { PageHead } from './head';
import type { AppDispatch, RootState } from './store';

/** One query a page shows: the server runs it before rendering, both sides read it. */
export interface PageQuery {
  /** Fetches it once (the server's render). */
  run(dispatch: AppDispatch): PromiseLike<unknown>;
  /** Keeps it in the cache while the page is shown (the browser). */
  subscribe(dispatch: AppDispatch): { unsubscribe(): void };
  select(state: RootState): { isSuccess: boolean; isError: boolean; error?: unknown };
}

/** A page's state: its HTTP status and head, or 'loading' while its data has not all arrived. */
export type PageOutcome = { status: 200 | 404 | 503; head: PageHead } | { status: 'loading' };
