// What the deployment tests share (issue 32): Caddy and nginx started from the very files of
// deploy/ (Caddy reads its environment; nginx's file goes through envsubst as the README says), in
// a throwaway directory, on free loopback ports; an HTTPS client that can pick its source address
// (127.0.0.2, 127.0.0.3…: two visitors on one machine) and trust the proxy's certificate.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort, root } from '../../e2e/support/server.ts';

export const deployDir = join(root, 'deploy');

/** The absolute path of `name` on PATH (and /usr/sbin, where Debian puts nginx), or undefined. */
export function which(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin'];
  return dirs.map((dir) => join(dir, name)).find((path) => existsSync(path));
}

/** Why the tests of `binaries` cannot run here (printed, and the reason of their skip), or false. */
export function missing(...binaries: string[]): string | false {
  const absent = binaries.filter((name) => !which(name));
  if (absent.length === 0) return false;
  const reason = `${absent.join(', ')} not installed (apt-get install ${absent.join(' ')}): SKIPPED`;
  console.log(`# ${reason}`);
  return reason;
}

export interface Answer { status: number; headers: IncomingHttpHeaders; body: Buffer; text: string }

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** The client's own address (127.0.0.x): as if a different visitor. */
  localAddress?: string;
  /** Certificates to trust (the proxy's authority). */
  ca?: string;
  /** The TLS name asked for (SNI), when it is not the URL's host. */
  servername?: string;
}

/** One request over HTTP or HTTPS, no redirect followed, no decompression: what the client gets. */
export function call(url: string, options: RequestOptions = {}): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: options.method ?? 'GET',
        headers: { ...(options.body ? { 'content-length': String(options.body.length) } : {}), ...options.headers },
        localAddress: options.localAddress,
        ca: options.ca,
        servername: options.servername ?? target.hostname,
        // localhost and its subdomains on 127.0.0.1 (not ::1): a client address 127.0.0.x can reach it.
        lookup: (_host, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
          else (callback as (e: null, a: string, f: number) => void)(null, '127.0.0.1', 4);
        },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Waits until `ready` resolves true (tried every 100 ms), or throws after `ms` with `why()`. */
export async function waitFor(ready: () => Promise<boolean>, ms: number, why: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(why());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Proxy {
  /** https://localhost:PORT: the site as a visitor reaches it. */
  origin: string;
  /** http://localhost:PORT: the same site over plain HTTP (redirected). */
  httpOrigin: string;
  /** The certificate authority a client must trust. */
  ca: string;
  output: () => string;
  stop(): Promise<void>;
}

function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return { child, output: () => log };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Waits until the proxy answers over HTTPS (any status); throws with its log if it exits first. */
async function proxyReady(child: ChildProcess, origin: string, ca: () => string, output: () => string): Promise<void> {
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error('exited');
      if (!existsSync(ca())) return false;
      await call(`${origin}/robots.txt`, { ca: readFileSync(ca(), 'utf8') });
      return true;
    },
    20_000,
    () => `the proxy did not answer on ${origin}:\n${output()}`,
  );
}

/**
 * A started proxy once it answers on its HTTPS port (whose certificate `caFile` signs), or its
 * process stopped and its folder removed when it does not.
 */
async function proxyOf(
  { child, output }: ReturnType<typeof spawnLogged>,
  dir: string,
  ports: { httpsPort: number; httpPort: number },
  caFile: string,
): Promise<Proxy> {
  const origin = `https://localhost:${ports.httpsPort}`;
  const stop = async () => {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await proxyReady(child, origin, () => caFile, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, httpOrigin: `http://localhost:${ports.httpPort}`, ca: readFileSync(caFile, 'utf8'), output, stop };
}

/**
 * deploy/Caddyfile, as is, with SITE_ADDRESS=localhost:<free port> (Caddy's local authority signs
 * it: `tls internal` by itself for a local name), in front of the server on `upstreamPort`.
 * HTTPS_PORT stays 443 (nothing listens there: every site names its port) so that the HTTP → HTTPS
 * redirect carries the site's port, as it would on 443.
 */
export async function startCaddy(upstreamPort: number): Promise<Proxy> {
  const dir = mkdtempSync(join(tmpdir(), 'portfolio-caddy-'));
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const env = {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    SITE_ADDRESS: `localhost:${httpsPort}`,
    PORT: String(upstreamPort),
    HTTP_PORT: String(httpPort),
    CADDY_ADMIN: 'off',
  };
  const started = spawnLogged(which('caddy') as string, ['run', '--adapter', 'caddyfile', '--config', join(deployDir, 'Caddyfile')], env);
  return proxyOf(started, dir, { httpsPort, httpPort }, join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt'));
}

/** The variables deploy/nginx.conf names (envsubst replaces those only). */
export const NGINX_VARIABLES = ['SITE_DOMAIN', 'PUBLIC_URL', 'HTTP_PORT', 'HTTPS_PORT', 'PORT', 'PORT_2', 'TLS_CERT', 'TLS_KEY'] as const;

/**
 * deploy/nginx.conf through envsubst (as the README installs it), included by a minimal main
 * configuration in place of Debian's /etc/nginx/nginx.conf (its temporary folders, no daemon), with
 * a self-signed certificate for localhost and www.localhost, in front of `upstreamPorts` (one
 * process: the same port twice, as the README says).
 */
export async function startNginx(upstreamPorts: [number, number]): Promise<Proxy> {
  const dir = mkdtempSync(join(tmpdir(), 'portfolio-nginx-'));
  chmodSync(dir, 0o755);
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,DNS:www.localhost',
    '-keyout', key, '-out', cert,
  ], { stdio: 'ignore' });
  const values: Record<(typeof NGINX_VARIABLES)[number], string> = {
    SITE_DOMAIN: 'localhost',
    PUBLIC_URL: `https://localhost:${httpsPort}`,
    HTTP_PORT: String(httpPort),
    HTTPS_PORT: String(httpsPort),
    PORT: String(upstreamPorts[0]),
    PORT_2: String(upstreamPorts[1]),
    TLS_CERT: cert,
    TLS_KEY: key,
  };
  const site = execFileSync('envsubst', [NGINX_VARIABLES.map((name) => `$${name}`).join(' ')], {
    input: readFileSync(join(deployDir, 'nginx.conf')),
    env: { PATH: process.env.PATH, ...values },
  });
  writeFileSync(join(dir, 'portfolio.conf'), site);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, temp));
    chmodSync(join(dir, temp), 0o777);
  }
  writeFileSync(
    join(dir, 'main.conf'),
    `daemon off;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  include ${join(dir, 'portfolio.conf')};
}
`,
  );
  const nginx = which('nginx') as string;
  execFileSync(nginx, ['-t', '-q', '-p', dir, '-c', join(dir, 'main.conf')], { stdio: 'pipe' });
  const started = spawnLogged(nginx, ['-p', dir, '-c', join(dir, 'main.conf')], { PATH: process.env.PATH });
  return proxyOf(started, dir, { httpsPort, httpPort }, cert);
}
