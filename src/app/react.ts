// React and its DOM renderer, for main.tsx's first step: an ES module, so that its import() needs
// no namespace object made at run time (webpack's helper for a CommonJS package: 0.2 KB gzipped in
// every page's runtime, issue 33's budget).
export { startTransition } from 'react';
export { createRoot, hydrateRoot } from 'react-dom/client';
