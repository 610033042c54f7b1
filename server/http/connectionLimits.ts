// Slow and numerous clients (issue 19): a request must send its headers and then its whole body
// in bounded time, an idle connection is closed, and the number of open connections is capped,
// so half-sent requests cannot hold memory and sockets without end. Behind a reverse proxy that
// buffers bodies (nginx does by default), the proxy meets the slow client and these limits only
// bound the proxy's fast hand-over; served directly, REQUEST_TIMEOUT must let the slowest
// expected upload finish (a 100 Mo video at 5 Mbit/s takes about 160 s).
import type { ServerOptions } from 'node:http';

export interface ConnectionLimits {
  /** Seconds to receive a request's headers. */
  headersSeconds: number;
  /** Seconds to receive a whole request, headers and body (0: no limit). */
  requestSeconds: number;
  /** Seconds a connection may stay silent (no byte either way) before it is closed. */
  idleSeconds: number;
  /** Open connections at most; more are closed as they arrive. */
  maxConnections: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersSeconds: 10,
  requestSeconds: 300,
  idleSeconds: 30,
  maxConnections: 500,
};

/** Fastify's options for these limits (maxConnections is set on the server once built). */
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
