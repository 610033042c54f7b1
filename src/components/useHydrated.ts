import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while the browser hydrates the server's HTML (so both render the same),
 * true from the next render on. What needs JavaScript to work (a drop-down, a carousel) renders a
 * form that works without it until then.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
