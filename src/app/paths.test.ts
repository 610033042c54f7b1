import { isAdminPath, parseId, paths } from './paths';

test('builds the URLs of the specification', () => {
  expect(paths.typesList.href(2)).toBe('/typeslist/2');
  expect(paths.projectType.href(19)).toBe('/projecttype/19');
  expect(paths.project.href(7)).toBe('/project/7');
  expect(paths.admin.login.href()).toBe('/admin/login');
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
