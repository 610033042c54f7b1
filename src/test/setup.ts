import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { loadMessages } from '../lib/lang';

// The French texts, as the browser has them before it renders a page (src/main.tsx).
beforeAll(() => loadMessages('fr'));

// The client tests talk to a real API server over HTTP. On a loaded 2-core CI machine a page's
// data can take more than Testing Library's default 1 s to arrive (two CI runs failed on a
// findBy… that had waited 1 s); waiting up to 5 s costs nothing when the page is quicker.
configure({ asyncUtilTimeout: 5000 });

// A test that waits for several such things needs more than jest's default 5 s in all: one CI run
// timed out at 5 s on the welcome popup test (18 s for its file) while each wait was within limits.
jest.setTimeout(30_000);
