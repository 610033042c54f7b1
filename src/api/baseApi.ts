import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './baseQuery';

const tagTypes = ['Category', 'ProjectType', 'Project', 'SubType', 'User', 'Menu', 'Image', 'Quote'] as const;

/** The one empty API; `npm run codegen` injects every endpoint of openapi.yaml into it. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes,
  endpoints: () => ({}),
});
