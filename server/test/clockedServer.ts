// The real server (server/main.ts) for tests that run it in a child process, with a clock the test
// moves (testClock.ts) instead of waiting: e.g. past the quote form's 3 seconds (MIN_FILL_MS).
// Spawned with an IPC channel by server/test/serverProcess.ts and e2e/support/server.ts; never by
// `npm start`. Arguments: `--build` first builds when stale as `npm start` does (server/start.ts);
// `--clock-offset=<ms>` starts the clock that far ahead (a restarted server keeps the test's time).
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../build.ts';
import { messages } from '../domain/messages.ts';
import { childClock } from './testClock.ts';

const args = process.argv.slice(2);
const offset = Number(args.find((arg) => arg.startsWith('--clock-offset='))?.slice('--clock-offset='.length) ?? 0);

if (args.includes('--build') && !buildIfStale(fileURLToPath(new URL('../..', import.meta.url)))) {
  console.error(messages.cli.buildFailed);
  process.exit(1);
}

const { main } = await import('../main.ts');
await main({ now: childClock(offset) });
