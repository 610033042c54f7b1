import { createRoot } from 'react-dom/client';
import { persistStore } from 'redux-persist';
import { App } from './app/App';
import { makeStore } from './app/store';
import './styles/global.css';

const store = makeStore();
const persistor = persistStore(store);

const container = document.getElementById('root');
if (container) createRoot(container).render(<App store={store} persistor={persistor} />);
