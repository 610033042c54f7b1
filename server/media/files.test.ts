import { memoryOfFiles } from './files.routes.ts';

const bytes = (n: number) => Buffer.alloc(n);

test('the files kept in memory stay within their total: the least recently served go first; a file over the limit is never kept', () => {
  const memory = memoryOfFiles({ fileMax: 40, total: 100 });
  memory.set('a.jpg', bytes(40));
  memory.set('b.jpg', bytes(40));
  expect(memory.get('a.jpg')?.length).toBe(40); // a is now the most recently served
  memory.set('c.jpg', bytes(40)); // 120 > 100: b, the least recently served, goes
  expect(['a.jpg', 'b.jpg', 'c.jpg'].map((name) => memory.get(name)?.length)).toEqual([40, undefined, 40]);
  memory.set('grande.jpg', bytes(41));
  expect(memory.get('grande.jpg')).toBeUndefined();
  // A deleted file leaves room: two more fit beside the one left.
  memory.delete('a.jpg');
  memory.set('d.jpg', bytes(30));
  memory.set('e.jpg', bytes(30));
  expect(['c.jpg', 'd.jpg', 'e.jpg'].map((name) => memory.get(name)?.length)).toEqual([40, 30, 30]);
});
