// `npm start`: builds the SPA and the server's render of it when missing or older than their
// sources (server/build.ts), then starts the server (server/main.ts).
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build.ts';
import { messages } from './domain/messages.ts';

if (!buildIfStale(fileURLToPath(new URL('..', import.meta.url)))) {
  console.error(messages.cli.buildFailed);
  process.exit(1);
}

const { main } = await import('./main.ts');
await main();
