import { isAdminPath, langOfPath } from '../contract/paths';
import type { ServerCache } from './api/hydration';
import type { DataRouter } from './app/AppRouter';
import './styles/global.css';
// The quote form's styles travel with every page's stylesheet, not with its chunk: the server
// renders the form in /contact, which showed it unstyled until the chunk arrived, then moved
// everything below it (a layout shift of 0.39 on a phone, issue 33). 0.6 KB gzipped.
import './features/quotes/quotes.css';

/**
 * The application starts in steps, each its own task, so that a phone's browser can answer a tap
 * (and paint) between them instead of waiting for one long task (issue 33): React, then the store's
 * libraries, then the store with its API cache, then the page's components, then the hydration,
 * itself done in slices. Each
 * step's modules are in this very chunk (`eager`): a step waits for no download.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(container: HTMLElement) {
  const { pathname } = window.location;
  // A client page (the admin area) has nothing to show until it renders: no steps.
  const step = container.hasChildNodes() ? nextTask : () => Promise.resolve();
  // The page's texts, a chunk of their own per language (boot.ts started the one of its language
  // with these scripts); the language comes from the URL alone.
  const texts = import(/* webpackMode: "eager" */ './lib/lang').then(({ loadMessages }) => loadMessages(langOfPath(pathname)));
  // React in a task of its own, not in this chunk's evaluation.
  await step();
  const { startTransition, createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ './app/react');
  await step();
  // The store's libraries, in steps of their own: evaluated with the store they made the longest
  // task left, 19-29 ms on this machine (75-115 ms on Lighthouse's phone). Redux Toolkit and RTK
  // Query's core (through the base query), then RTK Query's hooks with the API made of them
  // (createApi alone is 35-40 ms of a phone's). Modules of ours: a library's namespace would keep
  // all of it (5 KB more); the API's endpoints come with the store.
  await import(/* webpackMode: "eager" */ './api/baseQuery');
  await step();
  await import(/* webpackMode: "eager" */ './api/baseApi');
  await step();
  // The API's endpoints, the store, then the page's answers in it: three steps, each 35-45 ms on
  // a phone 4 times slower than this machine, under the 50 of a long task (together one of 60-90).
  const [{ makeStore }, { SERVER_CACHE_ID, serverCacheReceived }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/store'),
    import(/* webpackMode: "eager" */ './api/hydration'),
  ]);
  await step();
  const store = makeStore();
  await step();
  // A server-rendered page brings the API answers it was rendered with: the store starts with them.
  const cache = document.getElementById(SERVER_CACHE_ID)?.textContent;
  if (cache) store.dispatch(serverCacheReceived(JSON.parse(cache) as ServerCache));
  // The saved session is the admin area's: its chunk restores it (startDataRouter, or the light
  // router's hand-over on the first admin path); public pages never touch it.
  await step();
  const [{ App }, { startDataRouter }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/App'),
    import(/* webpackMode: "eager" */ './app/AppRouter'),
  ]);
  await texts;
  await step();
  const render = (dataRouter?: DataRouter) => createRoot(container).render(<App store={store} dataRouter={dataRouter} />);
  // Public pages arrive rendered by the server: the same tree hydrates them, under the light
  // router. A visit that starts on an admin page (a client page) fetches the data router and the
  // admin chunk right away and starts under it; should that fetch fail, the light router's
  // hand-over tries again.
  if (isAdminPath(pathname)) void startDataRouter(store).then(render, () => render());
  // Hydrated as a transition: React then yields to the browser every few milliseconds instead
  // of holding the main thread for the whole page (a phone's long task, and what a tap waits
  // for); what the visitor touches meanwhile hydrates first.
  else if (cache) startTransition(() => void hydrateRoot(container, <App store={store} />));
  else render();
}

const container = document.getElementById('root');
if (container) void start(container);
