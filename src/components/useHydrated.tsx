import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/** Outside <HydrationBoundary> (a test's render, a client-only tree), nothing is being hydrated. */
const Hydrated = createContext(true);

/**
 * False on the server and while the browser hydrates the server's HTML (so both render the same),
 * then true. What needs JavaScript to work (a drop-down, a carousel) renders a form that works
 * without it until then. The switch is one transition for the whole page: React renders it in
 * slices, between which the browser answers the visitor, and keeps what the page shows (the
 * carousel's first slide) until what replaces it (the carousel's chunk) is ready, instead of one
 * long task that rebuilt the welcome page's carousel preview before the carousel arrived.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return <Hydrated.Provider value={hydrated}>{children}</Hydrated.Provider>;
}

export const useHydrated = (): boolean => useContext(Hydrated);
