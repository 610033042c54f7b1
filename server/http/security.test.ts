import { newXsrfToken } from './security.ts';

test('XSRF tokens: 32 random bytes each, never the same twice, across the draws of 128', () => {
  const tokens = Array.from({ length: 300 }, () => newXsrfToken());
  expect(new Set(tokens).size).toBe(300);
  for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  expect(tokens.every((token) => /^[A-Za-z0-9_-]{43}$/.test(token))).toBe(true);
});
