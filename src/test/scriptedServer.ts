// A real HTTP server on a loopback port whose answers a test scripts route by route.
// Used where a test needs an answer the real API server cannot be made to give on demand.
// What every public page shows and a test does not script is answered as a fresh install would
// (the menu of the spec), with the settings of a business other than the demo's (test/site.ts).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoMenu } from '../../contract/menu';
import { testSite } from './site';

const layoutAnswers: Record<string, unknown> = { '/api/site': testSite, '/api/menu': demoMenu };

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** The request's body as sent ('' without one). */
  body: string;
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
    const entry: Seen = { method: req.method ?? 'GET', url: req.url ?? '', headers: req.headers, body: '' };
    seen.push(entry);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      entry.body = Buffer.concat(chunks).toString();
      const layout = layoutAnswers[entry.url];
      const answer = route(entry) ?? (layout ? { status: 200, body: layout } : { status: 404, body: { Result: false, Message: 'introuvable' } });
      setTimeout(() => {
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(answer.raw ?? JSON.stringify(answer.body ?? null));
      }, answer.delayMs ?? 0);
    });
  });
  // No server-side idle timeout (Node's default is 5 s): the client closes its idle sockets itself,
  // so a test's read never meets a kept-alive socket this end just closed; close() ends the rest.
  server.keepAliveTimeout = 0;
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
