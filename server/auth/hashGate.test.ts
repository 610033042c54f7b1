import { DomainError } from '../domain/errors.ts';
import { createHashGate, type GateClock } from './hashGate.ts';

/** A clock the test moves, and the pauses the gate asked for, each ended by the test. */
function testClock() {
  let time = 0;
  const pauses: { ms: number; end: () => void }[] = [];
  const clock: GateClock = {
    now: () => time,
    pause: (ms) => new Promise<void>((resolve) => pauses.push({ ms, end: resolve })),
  };
  return { clock, pauses, advance: (ms: number) => (time += ms) };
}

/** A hash the test ends, after `ms` of the test's clock. */
function hashes(advance: (ms: number) => void) {
  const started: string[] = [];
  const ends = new Map<string, () => void>();
  const hash = (name: string, ms: number) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      ends.set(name, () => {
        advance(ms);
        resolve(name);
      });
    });
  return { started, end: (name: string) => ends.get(name)?.(), hash };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

test('while others wait, the gate rests after a hash as long as it took; nobody slips in meanwhile', async () => {
  const { clock, pauses, advance } = testClock();
  const gate = createHashGate({ concurrency: 1, queue: 2, rest: 1 }, clock);
  const { started, end, hash } = hashes(advance);
  const first = gate.run(hash('first', 400));
  const second = gate.run(hash('second', 300));
  await settle();
  expect(started).toEqual(['first']);

  end('first');
  await expect(first).resolves.toBe('first');
  await settle();
  expect(pauses.map((pause) => pause.ms)).toEqual([400]);
  expect(started).toEqual(['first']); // resting: the second waits
  // An attempt during the rest queues behind the second; one more finds the queue full (2).
  const third = gate.run(hash('third', 100));
  const fourth = gate.run(hash('fourth', 100));
  await expect(fourth).rejects.toBeInstanceOf(DomainError);
  pauses[0]?.end();
  await settle();
  expect(started).toEqual(['first', 'second']);

  end('second');
  await expect(second).resolves.toBe('second');
  await settle();
  expect(pauses.map((pause) => pause.ms)).toEqual([400, 300]);
  pauses[1]?.end();
  await settle();
  expect(started).toEqual(['first', 'second', 'third']);
  // The last in line rests for no one.
  end('third');
  await expect(third).resolves.toBe('third');
  expect(pauses).toHaveLength(2);
});

test('a lone sign-in never waits: no rest when no one is waiting', async () => {
  const { clock, pauses, advance } = testClock();
  const gate = createHashGate({ concurrency: 1, queue: 8 }, clock);
  const { started, end, hash } = hashes(advance);
  for (const name of ['a', 'b']) {
    const run = gate.run(hash(name, 500));
    await settle();
    expect(started.at(-1)).toBe(name); // started at once, though the one before took 500 ms
    end(name);
    await run;
  }
  expect(pauses).toEqual([]);
});

test('the refusal tells when to come back, rests included', async () => {
  const { clock, advance } = testClock();
  const gate = createHashGate({ concurrency: 1, queue: 1, rest: 1 }, clock);
  const { end, hash } = hashes(advance);
  // Hashes of 1 s make the gate's average 1 s (it starts at 200 ms and moves a fifth each time).
  for (let i = 0; i < 20; i++) {
    const run = gate.run(hash(`h${i}`, 1000));
    await settle();
    end(`h${i}`);
    await run;
  }
  void gate.run(hash('running', 1000));
  void gate.run(hash('waiting', 1000));
  // One running and one waiting, about 1 s each and as long again of rest: 4 s.
  expect(() => gate.checkRoom()).toThrow(expect.objectContaining({ kind: 'busy', retryAfterSeconds: 4 }));
});
