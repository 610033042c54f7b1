// The page's first script, and its only one in the HTML: it starts the application's scripts,
// which its tag names (data-scripts, and data-texts for the page's language's texts), once the
// page's main picture has been painted. A public page arrives whole from the server and works
// without JavaScript, so what a visitor sees first is its photo and heading, not the seconds of a
// phone's processor that hydration takes (issue 33): evaluating the scripts before the first paint
// delayed the largest paint by about a second in Lighthouse's phone. Nor does the HTML preload
// them: on a phone's slow network, 128 KB fetched beside the photo, its stylesheet and its
// typeface delay the photo (Lighthouse's phone: LCP 1.8-2.0 s with the preloads, 1.2 s without).
// A client page (the admin area, an empty #root) starts them at once. It also counts the view of
// a public page (issue 30), whether or not the application starts. It imports only what it uses,
// nothing of React.
import { isAdminPath } from '../contract/paths';
import { sendView } from './lib/viewSend';

const names = (document.currentScript as HTMLScriptElement | null)?.dataset;
// The language's texts first: a chunk waits for the runtime (next) without needing it loaded.
const scripts = `${names?.texts ?? ''} ${names?.scripts ?? ''}`.split(' ').filter(Boolean);
let started = false;

function insertScripts() {
  for (const src of scripts) {
    const script = document.createElement('script');
    script.src = src;
    script.async = false; // executed in the order inserted: runtime, libraries, application
    document.head.append(script);
  }
}

function start() {
  if (started) return;
  started = true;
  // The page view, counted once the page is painted (its request beside the photo's delayed the
  // photo on a slow network): a page left before anything of it showed was not viewed.
  if (!isAdminPath(location.pathname)) sendView({ Path: location.pathname + location.search, Referrer: document.referrer });
  // After the current task: the paint just reported stays its own.
  setTimeout(insertScripts, 0);
}

const root = document.getElementById('root');
// The picture a page asks first (the welcome photo, a project's cover), if any.
const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
// A client page: right away, within the page's load (its load event waits for them, as before).
if (!root?.hasChildNodes()) insertScripts();
else {
  let painted = false;
  const pictureDone = () => !picture || picture.complete;
  // Once the picture arrives after the first paint: the frame that shows it, then start.
  const afterNextFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
  picture?.addEventListener('load', () => painted && afterNextFrame(), { once: true });
  picture?.addEventListener('error', () => painted && afterNextFrame(), { once: true });
  try {
    // Each report comes after the paint it reports.
    new PerformanceObserver(() => {
      painted = true;
      if (pictureDone()) start();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    // A browser without largest-contentful-paint (Safari): the next frame once the picture is in.
    painted = true;
    if (pictureDone()) afterNextFrame();
  }
  // Never later than this, whatever the network does with the picture.
  setTimeout(start, 3000);
}
