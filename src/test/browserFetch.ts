// A fetch that behaves like the browser's for same-site calls: it sends document.cookie and
// stores Set-Cookie answers back into document.cookie, so the XSRF round trip is real in tests.
export function browserFetch(): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (document.cookie) request.headers.set('Cookie', document.cookie);
    const response = await fetch(request);
    for (const cookie of response.headers.getSetCookie()) {
      document.cookie = cookie.split(';')[0] ?? '';
    }
    return response;
  };
}
