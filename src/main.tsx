import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { persistStore } from 'redux-persist';
import { App } from './app/App';
import { routes } from './app/router';
import { makeStore } from './app/store';
import './styles/global.css';

const store = makeStore();
const persistor = persistStore(store);
const router = createBrowserRouter(routes);

const container = document.getElementById('root');
if (container) createRoot(container).render(<App store={store} persistor={persistor} router={router} />);
