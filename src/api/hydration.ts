// The API cache the server rendered a page with, handed to the browser: the server writes it as
// JSON data in the page (<script type="application/json">, no inline script, so the CSP keeps
// script-src 'self'), the browser dispatches `serverCacheReceived` before it hydrates, and RTK
// Query takes the answers in (createApi's extractRehydrationInfo): no second fetch of them.
import { createAction } from '@reduxjs/toolkit';

/** The element id of the JSON in the page. */
export const SERVER_CACHE_ID = 'cache-api';

/** The part of the `api` slice that travels: finished queries and the tags they provide. */
export interface ServerCache {
  queries: Record<string, unknown>;
  mutations: Record<string, never>;
  provided: { tags: Record<string, unknown>; keys: Record<string, unknown> };
}

export const serverCacheReceived = createAction<ServerCache>('api/serverCacheReceived');

/** The cache to hand over, from the server store's `api` slice. */
export function serverCacheOf(api: { queries: Record<string, { status?: string } | undefined>; provided: unknown }): ServerCache {
  const queries = Object.fromEntries(
    Object.entries(api.queries).filter(([, entry]) => entry?.status === 'fulfilled' || entry?.status === 'rejected'),
  );
  return { queries, mutations: {}, provided: api.provided as ServerCache['provided'] };
}
