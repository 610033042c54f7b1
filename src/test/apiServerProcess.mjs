// Runs the real API server (server/app.ts) for client tests, in its own Node process
// (the server is ESM TypeScript run by Node's type stripping; jest's jsdom cannot host Fastify).
// Fresh DATA_DIR, demo content, one administrator, cheap scrypt; listens on 127.0.0.1:0 and prints
// its origin as one JSON line. Stops (and removes its data) when its stdin closes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/app.ts';
import { seedAdmin, seedDemoContent } from '../../server/db/seed.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const [email, password] = process.argv.slice(2);
const dataDir = mkdtempSync(join(tmpdir(), 'admin-ui-test-'));
const cost = { N: 1024, r: 8, p: 1 };

const app = await buildApp({
  dataDir,
  distDir: join(dataDir, 'no-dist'),
  openapiPath: join(root, 'openapi.yaml'),
  demoImagesDir: join(root, 'server', 'demo', 'images'),
  trustProxy: false,
  logger: false,
  passwordCost: cost,
  jwtSecret: 'admin-ui-tests-secret-long-enough-for-hs256',
});
await seedDemoContent(app.services.db);
await seedAdmin(app.services.db, { email, password, cost });
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
