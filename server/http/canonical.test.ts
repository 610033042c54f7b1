import { canonicalPath } from './canonical.ts';

const routes = ['/welcome', '/project/:id', '/confidentialite', '/en/welcome', '/en/project/:id'];

test.each([
  ['/welcome', '/welcome'],
  ['/Welcome', '/welcome'],
  ['/welcome/', '/welcome'],
  ['/WELCOME//', '/welcome'],
  ['/Project/12/', '/project/12'],
  ['/CoNfIdEnTiAlItE', '/confidentialite'],
  ['/en/welcome/', '/en/welcome'],
  ['/en/project/3/', '/en/project/3'],
])('%s → %s', (path, canonical) => {
  expect(canonicalPath(path, routes)).toBe(canonical);
});

test.each(['/nowhere', '/en/Welcome', '/EN/welcome', '/project', '/project/1/2', '/project/abc/', '//welcome', '/project//'])('%s: no page, no redirect', (path) => {
  expect(canonicalPath(path, routes)).toBeNull();
});
