import { matchPath } from 'react-router';
import { isAdminPath, parseId, paths } from '../../contract/paths';

const { admin, ...site } = paths;
const routes = [...Object.values(site), ...Object.values(admin)];

test('every link a component builds leads to the route it names, and to no other', () => {
  expect(routes.length).toBeGreaterThan(10);
  for (const route of routes) {
    const href = (route.href as (id?: number) => string)(7);
    expect(routes.filter((other) => matchPath(other.path, href))).toEqual([route]);
    if (route.path.includes(':id')) expect(matchPath(route.path, href)?.params).toEqual({ id: '7' });
  }
});

test.each([
  ['12', 12],
  ['1', 1],
  ['0', null],
  ['-3', null],
  ['abc', null],
  ['1e3', null],
  ['12abc', null],
  ['99999999999', null],
  [undefined, null],
])('parseId(%p) is %p', (value, expected) => {
  expect(parseId(value)).toBe(expected);
});

test('only /admin and paths below it are admin paths', () => {
  expect(isAdminPath('/admin')).toBe(true);
  expect(isAdminPath('/admin/category')).toBe(true);
  expect(isAdminPath('/administration')).toBe(false);
  expect(isAdminPath('/welcome')).toBe(false);
});
