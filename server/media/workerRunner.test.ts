import { serial } from './workerRunner.ts';

/** A task that records when it starts and ends when released. */
function gate(log: string[], name: string) {
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      log.push(name);
      await done;
      return name;
    },
    release: () => release(),
  };
}

test('one run at a time; the administrator\'s runs go before visitors\' photos that wait (issue 34)', async () => {
  const queue = serial();
  const log: string[] = [];
  const first = gate(log, 'visiteur 1');
  const running = queue(first.task, 'visitor');
  const waiting = [queue(async () => (log.push('visiteur 2'), 'visiteur 2'), 'visitor'), queue(async () => (log.push('visiteur 3'), 'visiteur 3'), 'visitor')];
  const owner = queue(async () => (log.push('propriétaire'), 'propriétaire'));
  expect(log).toEqual(['visiteur 1']); // one at a time: nothing else started
  first.release();
  expect(await Promise.all([running, owner, ...waiting])).toEqual(['visiteur 1', 'propriétaire', 'visiteur 2', 'visiteur 3']);
  expect(log).toEqual(['visiteur 1', 'propriétaire', 'visiteur 2', 'visiteur 3']);
});

test('a failed run does not stop the queue', async () => {
  const queue = serial();
  await expect(queue(() => Promise.reject(new Error('échec')), 'visitor')).rejects.toThrow('échec');
  await expect(queue(() => {
    throw new Error('échec immédiat');
  })).rejects.toThrow('échec immédiat');
  expect(await queue(async () => 'suite')).toBe('suite');
});
