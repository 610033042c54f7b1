// systemd is not PID 1 where the tests run (a container): units cannot be started. What can be done
// with the very files of deploy/ is: `systemd-analyze verify` them, and run what they run — their
// ExecStart with their WorkingDirectory, EnvironmentFile and Environment, as systemd would — and
// restart such a process when `systemctl restart` is asked (the stand-in below, put first on the
// PATH of the update command, does only that). The paths the units name (/srv/portfolio,
// /etc/portfolio.env) are mapped to the test's folders; /usr/bin/node is the Node running the test.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deployDir, waitFor, which } from './support.ts';

export type Unit = Record<string, Record<string, string[]>>;

/** A unit file's sections and their settings (a setting given several times keeps each value). */
export function readUnit(name: string): Unit {
  const unit: Unit = {};
  let section: Record<string, string[]> = {};
  for (const line of readFileSync(join(deployDir, name), 'utf8').split('\n')) {
    const header = /^\[(\w+)\]$/.exec(line.trim());
    if (header?.[1]) unit[header[1]] = section = {};
    const setting = /^(\w+)=(.*)$/.exec(line);
    if (setting?.[1]) (section[setting[1]] ??= []).push(setting[2] ?? '');
  }
  return unit;
}

/** `systemd-analyze verify` of units of deploy/ (a template as the instance `name@instance`): its output, and whether it passed. */
export function verify(files: Array<{ file: string; as?: string }>, dir: string): { ok: boolean; output: string } {
  const paths = files.map(({ file, as }) => {
    const path = join(dir, as ?? file);
    // A copy under the name systemd must see (portfolio@8080.service), the file's bytes as they are.
    writeFileSync(path, readFileSync(join(deployDir, file)));
    return path;
  });
  const run = spawnSync(which('systemd-analyze') as string, ['verify', ...paths], { encoding: 'utf8' });
  for (const path of paths) rmSync(path);
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
}

/** Where the paths the units name are in the test: /srv/portfolio, /etc/portfolio.env, /var/cache/portfolio, /var/backups/portfolio. */
export type Mapping = Record<string, string>;

/** The variables of an EnvironmentFile (KEY=value lines, # comments). */
export function readEnvFile(path: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (m?.[1]) env[m[1]] = (m[2] ?? '').replace(/^"(.*)"$/, '$1');
  }
  return env;
}

/** The command, folder and environment systemd would run the unit's ExecStart with. */
export function execStart(unitName: string, instance: string, map: Mapping): { command: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv } {
  const service = readUnit(unitName).Service ?? {};
  const expand = (value: string) =>
    Object.entries(map).reduce((text, [from, to]) => text.replaceAll(from, to), value.replaceAll('%i', instance));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, LANG: 'C.UTF-8' };
  for (const file of service.EnvironmentFile ?? []) Object.assign(env, readEnvFile(expand(file)));
  for (const setting of service.Environment ?? []) {
    const [name = '', ...value] = expand(setting).split('=');
    env[name] = value.join('=');
  }
  const [command = '', ...args] = expand(service.ExecStart?.[0] ?? '').split(' ');
  return { command: command === '/usr/bin/node' ? process.execPath : command, args, cwd: expand(service.WorkingDirectory?.[0] ?? '/'), env };
}

/** One instance of a service, kept running as systemd does; `systemctl restart` (the stand-in) stops it and it starts again. */
export class Supervised {
  child!: ChildProcess;
  log = '';
  private stopping = false;
  private readonly pidFile: string;
  private readonly start: () => ReturnType<typeof execStart>;

  constructor(unitName: string, instance: string, map: Mapping, runDir: string) {
    this.pidFile = join(runDir, `${unitName.replace('@.', `@${instance}.`)}.pid`);
    // Read at each start, as systemd reads the unit and its EnvironmentFile at each start.
    this.start = () => execStart(unitName, instance, map);
    this.spawn();
  }

  private spawn(): void {
    const { command, args, cwd, env } = this.start();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    writeFileSync(this.pidFile, String(child.pid));
    // Exited (stopped by `systemctl restart`, or failed: Restart=on-failure): started again.
    child.once('exit', () => {
      if (!this.stopping) setTimeout(() => this.spawn(), 100);
    });
  }

  get pid(): number {
    return this.child.pid as number;
  }

  /** Answers on its port (its /api/menu). */
  async ready(port: number): Promise<void> {
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/menu`)).ok, 60_000, () => `the unit did not answer on ${port}:\n${this.log}`);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

/**
 * A `systemctl` for the update command in `binDir`: `systemctl restart portfolio@PORT.service`
 * stops that process (SIGTERM, as systemd) and waits until its supervisor has started the next one.
 */
export function systemctlStandIn(binDir: string, runDir: string): void {
  const path = join(binDir, 'systemctl');
  writeFileSync(
    path,
    `#!/bin/sh
# Test stand-in for systemctl (systemd is not PID 1 here): restart UNIT only.
[ "$1" = restart ] || { echo "systemctl stand-in: only restart" >&2; exit 1; }
pidfile="${runDir}/$2.pid"
old=$(cat "$pidfile") || exit 5
kill -TERM "$old"
while [ "$(cat "$pidfile")" = "$old" ]; do sleep 0.05; done
`,
  );
  chmodSync(path, 0o755);
}
