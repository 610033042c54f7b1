// pageOf reads a plain path without URL's parser, anything else with it: the same pages either way.
// isPersonsView remembers isbot's answer per user agent (issue 30's beacons, bench:load): the
// answers stay isbot's, asked again, past the memo's size, and for agents too long to remember.
import { isPersonsView, pageOf } from './visit.ts';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

test('a person and a crawler get the same answer every time, past the memo and beyond its length', () => {
  const answers = () => [isPersonsView(PHONE, ''), isPersonsView(CRAWLER, ''), isPersonsView(PHONE, 'prefetch')];
  expect(answers()).toEqual([true, false, false]);
  expect(answers()).toEqual([true, false, false]);
  for (let i = 0; i < 2500; i++) isPersonsView(`${PHONE} Build/${i}`, '');
  expect(answers()).toEqual([true, false, false]);
  const long = `${PHONE} ${'x'.repeat(600)}`;
  expect([isPersonsView(long, ''), isPersonsView(long, ''), isPersonsView(`${CRAWLER}${' '.repeat(600)}`, '')]).toEqual([true, true, false]);
});

test('a page is the same read as a plain path or through the parser: language, record, utm_source; admin, API and unknown paths are none', () => {
  const page = (path: string, more: object = {}) => ({ path, lang: 'fr', projectId: null, typeId: null, categoryId: null, utmSource: '', ...more });
  expect(pageOf('/welcome')).toEqual(page('/welcome'));
  expect(pageOf('/./welcome')).toEqual(page('/welcome'));
  expect(pageOf('/en/project/3')).toEqual(page('/project/3', { lang: 'en', projectId: 3 }));
  expect(pageOf('/project/3?utm_source=Google')).toEqual(page('/project/3', { projectId: 3, utmSource: 'google' }));
  expect(pageOf('/typeslist/2#haut')).toEqual(page('/typeslist/2', { categoryId: 2 }));
  expect(pageOf('/projecttype/7')).toEqual(page('/projecttype/7', { typeId: 7 }));
  expect(['/project/%33', '/project/x', '/admin', '/api/menu', '/inconnue', '//exemple.ca/welcome', 'welcome', '/project/3/..'].map(pageOf)).toEqual([null, null, null, null, null, null, null, null]);
});
