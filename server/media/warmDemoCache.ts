// Fills the demo images' pipeline cache (node_modules/.cache/atelier-images) before the tests
// run (jest globalSetup, server/test/globalSetup.cjs), so that no test waits for a first encoding
// of the 60 demo photos. Prints how long it took. `node server/media/warmDemoCache.ts`
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { fillDemoCache } from './demoCache.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const started = performance.now();
const inputs = await fillDemoCache({
  demoImagesDir: join(root, 'server', 'demo', 'images'),
  workerPath: join(root, 'server', 'media', 'worker.ts'),
  cacheDir: join(root, 'node_modules', '.cache', 'atelier-images'),
});
const seconds = (performance.now() - started) / 1000;
if (seconds > 1) console.log(`Images de démonstration préparées (${inputs.length}) en ${seconds.toFixed(1)} s.`);
