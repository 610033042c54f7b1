import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './baseQuery';
import { serverCacheReceived } from './hydration';

const tagTypes = ['Category', 'ProjectType', 'Project', 'Gallery', 'SubType', 'User', 'Menu', 'Site', 'Image', 'Quote', 'Testimonial', 'Trash', 'Journal', 'History'] as const;

/** The one empty API; `npm run codegen` injects every endpoint of openapi.yaml into it. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes,
  endpoints: () => ({}),
  // The cache a server-rendered page came with (see hydration.ts). RTK Query reads only the
  // queries, mutations and provided tags of what this returns.
  extractRehydrationInfo: (action) => (serverCacheReceived.match(action) ? (action.payload as never) : undefined),
});
