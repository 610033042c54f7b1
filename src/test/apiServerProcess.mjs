// Runs the real API server (server/demoApp.ts) for client tests, in its own Node process
// (the server is ESM TypeScript run by Node's type stripping; jest's jsdom cannot host Fastify).
// Fresh DATA_DIR, demo content, one administrator, cheap scrypt; listens on 127.0.0.1:0 and prints
// its origin as one JSON line. Stops (and removes its data) when its stdin closes. Its clock is
// the test's (server/test/testClock.ts): the test moves it over the IPC channel instead of waiting.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildDemoApp } from '../../server/demoApp.ts';
import { childClock } from '../../server/test/testClock.ts';

const [email, password] = process.argv.slice(2);
const { app, dataDir } = await buildDemoApp({
  root: fileURLToPath(new URL('../../', import.meta.url)),
  label: 'client-test',
  passwordCost: { N: 1024, r: 8, p: 1 },
  admin: { email, password },
  jwtSecret: 'client-tests-secret-long-enough-for-hs256',
  now: childClock(),
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ origin: address })}\n`);

const stop = async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
