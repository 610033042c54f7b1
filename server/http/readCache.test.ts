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

test('readers of one absent key share one load (a page just dropped is rendered once, not once per visitor)', async () => {
  const cache = createReadCache();
  let loads = 0;
  let release: (v: number) => void = () => undefined;
  const load = () => {
    loads++;
    return new Promise<number>((resolve) => (release = resolve));
  };
  const readers = Array.from({ length: 100 }, () => cache.get('page /welcome', load));
  release(1);
  expect(await Promise.all(readers)).toEqual(Array.from({ length: 100 }, () => 1));
  expect(loads).toBe(1);
});

test('a reader after a write never shares a load that began before it', async () => {
  const cache = createReadCache();
  let release: (v: string) => void = () => undefined;
  const before = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
  cache.invalidate();
  const after = cache.get('k', async () => 'après l’écriture');
  release('avant l’écriture');
  expect(await before).toBe('avant l’écriture');
  expect(await after).toBe('après l’écriture');
});

test('a load that fails is not kept: the next reader loads again', async () => {
  const cache = createReadCache();
  await expect(cache.get('k', () => Promise.reject(new Error('base indisponible')))).rejects.toThrow('base indisponible');
  expect(await cache.get('k', async () => 'ok')).toBe('ok');
});

test('full, it drops its least recently used entries for new ones (issue 34: a full cache used to keep nothing new)', async () => {
  const cache = createReadCache(3);
  const loads: string[] = [];
  const load = (key: string) => async () => {
    loads.push(key);
    return key;
  };
  for (const key of ['a', 'b', 'c']) await cache.get(key, load(key));
  await cache.get('a', load('a')); // read again: b is now the least recently used
  await cache.get('d', load('d')); // kept, b goes
  loads.length = 0;
  for (const key of ['a', 'c', 'd']) expect(await cache.get(key, load(key))).toBe(key);
  expect(loads).toEqual([]);
  await cache.get('b', load('b'));
  expect(loads).toEqual(['b']);
});
