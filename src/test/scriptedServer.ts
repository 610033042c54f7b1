// A real HTTP server on a loopback port whose answers a test scripts route by route.
// Used where a test needs an answer the real API server cannot be made to give on demand.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export type Route = (
  seen: Seen,
) => { status: number; body?: unknown; raw?: string; delayMs?: number } | undefined;

export interface ScriptedServer {
  origin: string;
  seen: Seen[];
  close(): Promise<void>;
}

export async function startScriptedServer(route: Route): Promise<ScriptedServer> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const entry = { method: req.method ?? 'GET', url: req.url ?? '', headers: req.headers };
    seen.push(entry);
    req.resume();
    req.on('end', () => {
      const answer = route(entry) ?? { status: 404, body: { Result: false, Message: 'introuvable' } };
      setTimeout(() => {
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(answer.raw ?? JSON.stringify(answer.body ?? null));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
