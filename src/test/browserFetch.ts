// A fetch that behaves like the browser's for same-site calls: it sends document.cookie and
// stores Set-Cookie answers back into document.cookie, so the XSRF round trip is real in tests.
//
// And like a browser, it sends a read (GET or HEAD) again when the kept-alive connection it reused
// turns out closed by the server (Chromium retries such a request on a fresh connection; Node's
// fetch does not). The API server closes connections that stay idle or silent (server/http/
// connectionLimits.ts) while they are still in the test's pool: a test's read then failed with
// "TypeError: fetch failed", cause UND_ERR_SOCKET "other side closed", and its page lacked what
// that read brings (lang.test.tsx and a11y.test.tsx in CI's clean-clone runs). A refused
// connection (no server: api/baseQuery.test.ts) is not sent again.
const CLOSED_UNDER_US = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

export function browserFetch(): typeof fetch {
  const once = async (request: Request) => {
    if (document.cookie) request.headers.set('Cookie', document.cookie);
    const response = await fetch(request);
    for (const cookie of response.headers.getSetCookie()) {
      document.cookie = cookie.split(';')[0] ?? '';
    }
    return response;
  };
  return async (input, init) => {
    const request = new Request(input, init);
    const read = request.method === 'GET' || request.method === 'HEAD';
    // Each failed try drops its dead connection from the pool: three cover a pool's stale ones.
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(read ? request.clone() : request);
      } catch (error) {
        const code = (error as { cause?: { code?: string } } | undefined)?.cause?.code ?? '';
        if (!read || attempt === 3 || request.signal.aborted || !CLOSED_UNDER_US.has(code)) throw error;
      }
    }
  };
}
