// A server-rendered public page comes alive in the browser: the server's store fetches the page's
// data (the route table's queries) from the real API and renders <App> to HTML; the browser's
// store takes the cache the page carries (serverCacheReceived) and hydrates that HTML. No
// hydration mismatch, no console error, and not one API call: what the server sent is kept.
import { act, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { api } from '../api/api.enhanced';
import { serverCacheOf, serverCacheReceived } from '../api/hydration';
import { browserFetch } from '../test/browserFetch';
import { settleAfterTest } from '../test/render';
import { startApiServer, type ApiServer } from '../test/apiServer';
import { App } from './App';
import { pageData } from './router';
import { makeStore } from './store';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

/**
 * Hydrated: React has taken over every element of the server's HTML (each carries React's fiber
 * key), the parts behind a lazy script (the welcome carousel) included.
 */
const hydrated = (container: HTMLElement) =>
  [...container.querySelectorAll('*')].every((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  jest.restoreAllMocks();
});

test.each(['/welcome', '/project/3', '/typeslist/2', '/projecttype/1', '/about', '/contact', '/confidentialite', '/project/999999'])(
  '%s hydrates without a mismatch and without fetching again',
  async (path) => {
    const serverStore = settleAfterTest(makeStore(undefined, { apiOrigin: server.origin, fetchFn: browserFetch() }));
    await Promise.all(pageData(path).map((query) => query.run(serverStore.dispatch)));
    const router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
    // Whole, as the server's render is (it waits for every lazy part: the quote form's chunk):
    // renderToString leaves a part not loaded yet to the client (<!--$!-->) and starts loading it.
    const html = await waitFor(() => {
      const whole = renderToString(<App store={serverStore} router={router} />);
      expect(whole).not.toContain('<!--$!-->');
      return whole;
    });
    // The cache crosses as JSON, as in the page.
    const cache = JSON.parse(JSON.stringify(serverCacheOf(serverStore.getState().api))) as ReturnType<typeof serverCacheOf>;

    window.history.replaceState(null, '', path);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const calls: string[] = [];
    const fetchFn: typeof fetch = (input, init) => {
      calls.push(new Request(input, init).url);
      return browserFetch()(input, init);
    };
    const store = settleAfterTest(makeStore(undefined, { apiOrigin: server.origin, fetchFn }));
    store.dispatch(serverCacheReceived(cache));
    const consoleErrors = jest.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    act(() => {
      root = hydrateRoot(container, <App store={store} />, { onRecoverableError: (error) => recoverable.push(error) });
    });
    await waitFor(() => expect(hydrated(container)).toBe(true));
    // Its effects have run, and every call they started (none but the missing project's) is answered.
    await act(async () => {
      await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    });

    expect(recoverable).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(calls.filter((url) => !url.endsWith('/api/project/999999'))).toEqual([]);
    // What the server showed is what the browser shows (the welcome page's projects drawn at random too).
    const heading = new DOMParser().parseFromString(html, 'text/html').querySelector('main h1')?.textContent;
    expect(container.querySelector('main h1')?.textContent).toBe(heading);
    if (path === '/welcome') {
      const drawn = [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('.carousel-links a')].map((a) => a.getAttribute('href'));
      expect(drawn).toHaveLength(7);
      const links = [...container.querySelectorAll('.carousel a[href^="/project/"]')].map((a) => a.getAttribute('href'));
      for (const href of drawn) expect(links).toContain(href);
    }
  },
);
