// Slow and numerous clients (issues 19 and 32): a request must send its headers and then its body
// in bounded time, an idle connection is closed, the number of open connections is capped, and
// one client address may hold only part of them, so half-sent requests cannot hold memory and
// sockets without end and one client cannot take the whole capacity.
// Bodies have a deadline fitted to what they are: a body that is not an upload (JSON, a plain form)
// must arrive within BODY_TIMEOUT (15 s), however it is trickled; an upload (multipart) must keep
// an average rate of at least UPLOAD_MIN_RATE once its first UPLOAD_GRACE seconds have passed, so a
// slow phone on the job site finishes a 20 Mo photo and a trickle of one byte every 5 s does not
// hold its connection for the whole REQUEST_TIMEOUT (300 s, sized for a 100 Mo video).
// Behind a reverse proxy that buffers bodies (nginx does by default), the proxy meets the slow
// client and these limits only bound the proxy's fast hand-over; the trusted proxies (TRUST_PROXY)
// are not held to the per-address cap (every visitor arrives from their address).
import type { IncomingMessage, ServerOptions } from 'node:http';
import { BlockList, isIPv4, isIPv6, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { messages } from '../domain/messages.ts';

export interface ConnectionLimits {
  /** Seconds to receive a request's headers. */
  headersSeconds: number;
  /** Seconds to receive a whole request, headers and body (0: no limit). */
  requestSeconds: number;
  /** Seconds a connection may stay silent (no byte either way) before it is closed. */
  idleSeconds: number;
  /** Open connections at most; more are closed as they arrive. */
  maxConnections: number;
  /** Seconds to receive a body that is not an upload (JSON, a form without files), from its headers on. */
  bodySeconds: number;
  /** An upload (multipart body) must average at least this many bytes a second… */
  uploadMinBytesPerSecond: number;
  /** …once this many seconds have passed since its headers. */
  uploadGraceSeconds: number;
  /** Open connections one client address (an IPv6 client: its /64) may hold; the trusted proxies are exempt. */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersSeconds: 10,
  requestSeconds: 300,
  idleSeconds: 30,
  maxConnections: 500,
  bodySeconds: 15,
  // 10 Kio/s (80 kbit/s): under the slowest mobile data a phone still uploads over (EDGE, weak 3G).
  uploadMinBytesPerSecond: 10 * 1024,
  uploadGraceSeconds: 10,
  // A fifth of the capacity: a household or a mobile carrier's NAT shares one address, six
  // connections per browser; one address alone cannot fill the server.
  maxConnectionsPerAddress: 100,
};

/** Fastify's options for these limits (the caps and body deadlines are set by applyConnectionLimits). */
export function connectionOptions(limits: ConnectionLimits): { requestTimeout: number; connectionTimeout: number; http: ServerOptions } {
  const ms = (seconds: number) => seconds * 1000;
  const shortest = Math.min(limits.headersSeconds, limits.requestSeconds || Infinity);
  return {
    requestTimeout: ms(limits.requestSeconds),
    connectionTimeout: ms(limits.idleSeconds),
    http: {
      headersTimeout: ms(limits.headersSeconds),
      // Node looks for late requests every 30 s by default: a 10 s limit would act at 40 s.
      connectionsCheckingInterval: Math.min(1000, ms(shortest) / 2),
    },
  };
}

/** The connection caps and the body deadlines, on the app's server. */
export function applyConnectionLimits(app: FastifyInstance, limits: ConnectionLimits, trustProxy: false | string): void {
  app.server.maxConnections = limits.maxConnections;
  capPerAddress(app.server, Math.min(limits.maxConnectionsPerAddress, limits.maxConnections), trustedProxies(trustProxy));
  watchBodies(app, limits);
}

/** The proxies of TRUST_PROXY (addresses, networks, proxy-addr's names), as a BlockList. */
export function trustedProxies(trustProxy: false | string): BlockList {
  const list = new BlockList();
  const names: Record<string, string[]> = {
    loopback: ['127.0.0.0/8', '::1/128'],
    linklocal: ['169.254.0.0/16', 'fe80::/10'],
    uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  };
  for (const entry of trustProxy ? trustProxy.split(',') : []) {
    for (const range of names[entry] ?? [entry]) {
      const [address = '', prefix] = range.split('/');
      const family = isIPv6(address) ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(address, family);
      else list.addSubnet(address, Number(prefix), family);
    }
  }
  return list;
}

/** The client a connection counts for: its IPv4 address (IPv4-mapped IPv6 included), or its IPv6 /64. */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

function capPerAddress(server: Server, max: number, trusted: BlockList): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
    const key = clientKey(address);
    if (trusted.check(key, isIPv6(key.replace(/::\/64$/, '::')) ? 'ipv6' : 'ipv4')) return;
    const count = open.get(key) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}

interface PendingBody {
  raw: IncomingMessage;
  socket: Socket;
  upload: boolean;
  startedMs: number;
  startBytes: number;
  cut: () => void;
}

/**
 * Each request whose body has not fully arrived is looked at every 250 ms until it has: cut when
 * past its deadline. The bytes are read from the socket's count (bytesRead), never by listening to
 * the body, which would take it from its parser.
 */
function watchBodies(app: FastifyInstance, limits: ConnectionLimits): void {
  const pending = new Set<PendingBody>();
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () => {
    const now = performance.now();
    for (const body of pending) {
      if (body.raw.complete || body.socket.destroyed) {
        pending.delete(body);
        continue;
      }
      const elapsed = (now - body.startedMs) / 1000;
      const late = body.upload
        ? elapsed >= limits.uploadGraceSeconds && (body.socket.bytesRead - body.startBytes) / elapsed < limits.uploadMinBytesPerSecond
        : limits.bodySeconds > 0 && elapsed >= limits.bodySeconds;
      if (late) {
        pending.delete(body);
        body.cut();
      }
    }
    if (pending.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  };
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const socket = raw.socket as Socket | undefined;
    const hasBody = raw.headers['content-length'] !== undefined || raw.headers['transfer-encoding'] !== undefined;
    // inject() has no real socket: nothing trickles there.
    if (!hasBody || raw.complete || !socket || typeof socket.bytesRead !== 'number') return done();
    const upload = /^multipart\//i.test(raw.headers['content-type'] ?? '');
    pending.add({
      raw,
      socket,
      upload,
      startedMs: performance.now(),
      startBytes: socket.bytesRead,
      cut: () => {
        request.log.warn({ upload }, messages.log.slowBody);
        if (!reply.raw.headersSent) {
          const body = JSON.stringify({ Result: false, Message: messages.request.tooSlow });
          socket.end(
            `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
          );
        }
        socket.destroySoon();
      },
    });
    sweeper ??= setInterval(sweep, 250).unref();
    done();
  });
  app.addHook('onClose', (_app, done) => {
    clearInterval(sweeper);
    done();
  });
}
