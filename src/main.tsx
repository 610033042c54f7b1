import { createRoot, hydrateRoot } from 'react-dom/client';
import { SERVER_CACHE_ID, serverCacheReceived, type ServerCache } from './api/hydration';
import { App } from './app/App';
import { startDataRouter, type DataRouter } from './app/AppRouter';
import { isAdminPath, langOfPath } from '../contract/paths';
import { makeStore } from './app/store';
import { loadMessages } from './lib/lang';
import './styles/global.css';

const store = makeStore();
// A server-rendered page brings the API answers it was rendered with: the store starts with them.
const cache = document.getElementById(SERVER_CACHE_ID)?.textContent;
if (cache) store.dispatch(serverCacheReceived(JSON.parse(cache) as ServerCache));
// The saved session is the admin area's: its chunk restores it (startDataRouter, or the light
// router's hand-over on the first admin path); public pages never touch it.

const container = document.getElementById('root');
if (container) {
  const render = (dataRouter?: DataRouter) => createRoot(container).render(<App store={store} dataRouter={dataRouter} />);
  // Public pages arrive rendered by the server: the same tree hydrates them, under the light
  // router. A visit that starts on an admin page (a client page) fetches the data router and the
  // admin chunk right away and starts under it; should that fetch fail, the light router's
  // hand-over tries again. An English page first fetches its texts (a chunk of their own: a
  // French page never loads them); the language comes from the URL alone.
  const { pathname } = window.location;
  const start = () => {
    if (isAdminPath(pathname)) void startDataRouter(store).then(render, () => render());
    else if (cache) hydrateRoot(container, <App store={store} />);
    else render();
  };
  if (langOfPath(pathname) === 'en') void loadMessages('en').then(start);
  else start();
}
