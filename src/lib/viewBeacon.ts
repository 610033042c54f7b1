// The page view's beacon of each move inside the site (issue 30): the first page's is boot.ts's.
// Without JavaScript, the layout's <noscript> image does the same (GET /api/stats/view).
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { sendView } from './viewSend';

/** The <noscript> image of a page: counted by the server as the beacon would. */
export const viewPixel = (pathname: string): string => `/api/stats/view?Path=${encodeURIComponent(pathname)}`;

/** Sends the beacon of each public page shown after the first (whose beacon boot.ts sent). */
export function useViewBeacon(): void {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else sendView({ Path: pathname + search, Referrer: '' });
  }, [pathname, search]);
}
