// jest globalSetup: encode the demo images once, before any test file runs (the first time after
// a clean clone or a pipeline change takes a while; afterwards it is a check of 60 hashes).
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

module.exports = function globalSetup(globalConfig) {
  const result = spawnSync(process.execPath, [join(globalConfig.rootDir, 'server', 'media', 'warmDemoCache.ts')], {
    cwd: globalConfig.rootDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (result.status !== 0) throw new Error('server/media/warmDemoCache.ts failed');
};
