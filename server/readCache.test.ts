import { createReadCache } from './readCache.ts';

test('keeps a result until invalidated', async () => {
  const cache = createReadCache();
  let loads = 0;
  const load = async () => ++loads;
  expect(await cache.get('k', load)).toBe(1);
  expect(await cache.get('k', load)).toBe(1);
  cache.invalidate();
  expect(await cache.get('k', load)).toBe(2);
});

test('does not keep a result loaded while a write happened', async () => {
  const cache = createReadCache();
  let release: (v: string) => void = () => undefined;
  const pending = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
  cache.invalidate(); // a write starts while the read is in flight
  release('ancienne valeur');
  expect(await pending).toBe('ancienne valeur');
  expect(await cache.get('k', async () => 'nouvelle valeur')).toBe('nouvelle valeur');
});
