import { add } from './smokeLib.ts';
test('server ts', () => expect(add(1, 2)).toBe(3));
