// The page view's beacon (issue 30): each public page, once shown (its first load, then every move
// inside the site), tells the server its path and, on the first load, the page the visitor came
// from. Same origin, no cookie sent (credentials omitted), nothing stored in the browser, nothing
// waited for. Not sent while an administrator is signed in in this browser (their saved session),
// nor by a page prerendered and not yet shown. Without JavaScript, the layout's <noscript> image
// does the same (GET /api/stats/view).
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { StatsView } from '../../contract/api';
import { readTokens } from './auth/tokenStorage';

/** The <noscript> image of a page: counted by the server as the beacon would. */
export const viewPixel = (pathname: string): string => `/api/stats/view?Path=${encodeURIComponent(pathname)}`;

function send(view: StatsView) {
  if (readTokens() !== null || typeof fetch !== 'function') return;
  fetch('/api/stats/view', { method: 'POST', keepalive: true, credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify(view) }).catch(() => undefined);
}

/** Sends the beacon of each public page shown. */
export function useViewBeacon(): void {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const view = { Path: pathname + search, Referrer: first.current ? document.referrer : '' };
    first.current = false;
    if ((document as { prerendering?: boolean }).prerendering) document.addEventListener('prerenderingchange', () => send(view), { once: true });
    else send(view);
  }, [pathname, search]);
}
