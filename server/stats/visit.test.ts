// isPersonsView remembers isbot's answer per user agent (issue 30's beacons, bench:load): the
// answers stay isbot's, asked again, past the memo's size, and for agents too long to remember.
import { isPersonsView } from './visit.ts';

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
