import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';
import { App } from './app/App';
import { startDataRouter, type DataRouter } from './app/AppRouter';
import { isAdminPath } from './app/paths';
import { makeStore } from './app/store';
import { followOtherTabs } from './features/auth/otherTabs';
import './styles/global.css';

const store = makeStore();
const persistor = persistStore(store);
followOtherTabs(store.dispatch);

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  const render = (dataRouter?: DataRouter) =>
    root.render(<App store={store} persistor={persistor} dataRouter={dataRouter} />);
  // Public pages render at once under the light router. A visit that starts on an admin page
  // fetches the data router and the admin chunk right away and starts under it, as the lazy admin
  // route did; should that fetch fail, the light router's hand-over tries again.
  if (isAdminPath(window.location.pathname)) void startDataRouter().then(render, () => render());
  else render();
}
