// `npm install` / `npm start` on a Node.js older than engines.node stop with one line naming the
// version found, the version needed and the command that gets it (server/checkNode.cjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..');
const check = join(root, 'server', 'checkNode.cjs');

/** Runs the check as npm does, with `process.version` made to read `version`. */
function runAs(version: string) {
  const dir = mkdtempSync(join(tmpdir(), 'checknode-'));
  const fake = join(dir, 'fakeVersion.cjs');
  try {
    writeFileSync(fake, `Object.defineProperty(process, 'version', { value: ${JSON.stringify(version)} });\n`);
    return spawnSync(process.execPath, ['--require', fake, check], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the Node.js version check', () => {
  it('stops an older Node with one line: the version found, the one needed, the command to get it', () => {
    const result = runAs('v20.20.2');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      'Node.js v20.20.2 found; this project needs Node.js 22.18+ or 24 (LTS). Get Node 24 in this shell with: . .ci/node24.sh   (see README, "Run it")',
    ]);
  });

  it.each(['v22.17.1', 'v21.7.3', 'v18.20.4', 'v16.0.0'])('stops %s', (version) => {
    const result = runAs(version);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Node.js ${version} found`);
  });

  it.each(['v22.18.0', 'v22.23.3', 'v24.0.0', 'v25.1.0'])('lets %s through, silently', (version) => {
    const result = runAs(version);
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
  });

  it('runs before npm install and npm start', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string>; engines: { node: string } };
    expect(pkg.engines.node).toBe('>=22.18');
    expect(pkg.scripts['preinstall']).toBe('node server/checkNode.cjs');
    expect(pkg.scripts['prestart']).toBe('node server/checkNode.cjs');
  });
});
