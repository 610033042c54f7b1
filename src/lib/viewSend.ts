// The page view's beacon itself (issue 30), free of React: boot.ts sends the first page's as soon
// as the page is there (whether or not the application has started), useViewBeacon each move
// inside the site. Same origin, no cookie sent (credentials omitted), nothing stored in the
// browser, nothing waited for. Not sent while an administrator is signed in in this browser (their
// saved session), nor by a page prerendered and not yet shown.
import type { StatsView } from '../../contract/api';
import { readTokens } from './auth/savedTokens';

function send(view: StatsView) {
  if (readTokens() !== null || typeof fetch !== 'function') return;
  fetch('/api/stats/view', { method: 'POST', keepalive: true, credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify(view) }).catch(() => undefined);
}

/**
 * Once the browser has nothing more urgent to do, or as the visitor leaves the page, whichever
 * comes first. The first reading of localStorage (the saved session) waits on the browser's
 * process, and the request takes a few milliseconds more: not while the page is being shown.
 */
function whenIdle(task: () => void) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    removeEventListener('pagehide', run);
    task();
  };
  addEventListener('pagehide', run);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 0);
}

/** Counts a page shown (once shown, for a page the browser prerendered). */
export function sendView(view: StatsView): void {
  const count = () => whenIdle(() => send(view));
  if ((document as { prerendering?: boolean }).prerendering) document.addEventListener('prerenderingchange', count, { once: true });
  else count();
}
