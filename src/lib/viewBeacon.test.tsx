// The page-view beacon of moves inside the site (issue 30): the first page's view is boot.ts's,
// so the hook counts each later page once, without a referrer. The requests are watched as they
// leave (the call itself runs: jsdom has no server at the page's origin, so it fails quietly).
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { useViewBeacon } from './viewBeacon';

function Page() {
  useViewBeacon();
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate('/about?utm_source=facebook')}>
      À propos
    </button>
  );
}

test('a move inside the site is counted once, the first page is not (boot.ts counts it)', async () => {
  const sent = jest.spyOn(globalThis, 'fetch');
  try {
    render(
      <MemoryRouter initialEntries={['/welcome']}>
        <Page />
      </MemoryRouter>,
    );
    act(() => screen.getByRole('button', { name: 'À propos' }).click());
    // A beacon for /welcome would have been queued before this one: by the time /about's is
    // sent, it would be there too.
    await waitFor(() => expect(sent).toHaveBeenCalled());
    expect(sent.mock.calls.map(([url, init]) => [url, init?.method, JSON.parse(String(init?.body))])).toEqual([
      ['/api/stats/view', 'POST', { Path: '/about?utm_source=facebook', Referrer: '' }],
    ]);
  } finally {
    sent.mockRestore();
  }
});
