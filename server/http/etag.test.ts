import { etagOf, noneMatch } from './etag.ts';

describe('If-None-Match (RFC 9110 §13.1.2)', () => {
  const tag = '"abc"';

  test('matches the tag alone, in a list, and by the weak comparison', () => {
    expect(noneMatch('"abc"', tag)).toBe(true);
    expect(noneMatch('"x", "abc"', tag)).toBe(true);
    expect(noneMatch('"x","abc" ,"y"', tag)).toBe(true);
    expect(noneMatch('W/"abc"', tag)).toBe(true);
    expect(noneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(noneMatch(['"x"', 'W/"abc"'], tag)).toBe(true);
  });

  test('* matches any current representation', () => {
    expect(noneMatch('*', tag)).toBe(true);
    expect(noneMatch(' * ', 'W/"z"')).toBe(true);
  });

  test('another tag, a tag holding a comma, or a malformed header match nothing', () => {
    expect(noneMatch(undefined, tag)).toBe(false);
    expect(noneMatch('"abd"', tag)).toBe(false);
    expect(noneMatch('"a,bc"', tag)).toBe(false);
    expect(noneMatch('"a,bc"', '"a,bc"')).toBe(true);
    expect(noneMatch('abc', tag)).toBe(false);
    expect(noneMatch('"abc', tag)).toBe(false);
    expect(noneMatch('"x" "abc"', tag)).toBe(false);
    expect(noneMatch('', tag)).toBe(false);
  });

  test('a body gets one tag, weak on demand', () => {
    expect(etagOf('page')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf('page', true)).toBe(`W/${etagOf('page')}`);
    expect(etagOf('page')).not.toBe(etagOf('page!'));
  });
});
