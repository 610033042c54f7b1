// Slow clients when the site is served directly (issue 32), with the production limits
// (DEFAULT_CONNECTION_LIMITS): a body trickled one byte every few seconds keeps its connection
// for its deadline only, not for the whole REQUEST_TIMEOUT (300 s); an upload at a slow phone's
// rate still finishes; one address cannot take every connection. The three run at once on one
// server (the trickles take their real deadlines: 15 s and 10 s).
import { randomBytes } from 'node:crypto';
import { createConnection, type Socket } from 'node:net';
import sharp from 'sharp';
import { DEFAULT_CONNECTION_LIMITS } from '../http/connectionLimits.ts';
import { ADMIN_PWD, ADMIN_EMAIL, XSRF, build, multipart, type TestApp } from './helper.ts';

jest.setTimeout(60_000);

let t: TestApp;
let port = 0;
let token = '';

beforeAll(async () => {
  t = await build({ config: { connectionLimits: DEFAULT_CONNECTION_LIMITS } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  token = (await t.login()).Token;
});
afterAll(() => t.close());

interface Connection { socket: Socket; ready: Promise<void>; answer: Promise<{ text: string; closedAfterMs: number }> }

/** A raw connection from `localAddress`: what the server sent until it closed, and when. */
function connect(localAddress = '127.0.0.1'): Connection {
  const started = performance.now();
  const socket = createConnection({ host: '127.0.0.1', port, localAddress });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  return {
    socket,
    ready: new Promise((resolve) => socket.once('connect', () => resolve())),
    answer: new Promise((resolve) => socket.once('close', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), closedAfterMs: performance.now() - started }))),
  };
}

const requestHead = (path: string, type: string, length: number, auth = false) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n` +
  `Cookie: XSRF-TOKEN=${XSRF}\r\nX-XSRF-TOKEN: ${XSRF}\r\n${auth ? `Authorization: Bearer ${token}\r\n` : ''}Connection: close\r\n\r\n`;

/** Writes `body` at `bytesPerSecond`, in tenths of a second, until all is sent or the socket closes. */
function trickle(socket: Socket, body: Buffer, bytesPerSecond: number, everyMs = 100): void {
  const step = Math.max(1, Math.round((bytesPerSecond * everyMs) / 1000));
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= body.length) return clearInterval(timer);
    socket.write(body.subarray(at, at + step));
    at += step;
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

test('a trickled JSON body is cut within 30 s, a trickled upload after its first seconds, an upload at 200 KB/s finishes, and 600 connections from one address leave room for another', async () => {
  // 1. A sign-in whose JSON comes one byte every 5 s.
  const json = connect();
  await json.ready;
  const login = Buffer.from(JSON.stringify({ Email: ADMIN_EMAIL, Pwd: ADMIN_PWD }));
  json.socket.write(requestHead('/api/login/', 'application/json', login.length));
  trickle(json.socket, login, 1, 5000);

  // 2. An upload trickled the same way.
  const photo = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  const slowForm = multipart([{ field: 'file', fileName: 'chantier-lent.png', data: photo, type: 'image/png' }]);
  const trickled = connect();
  await trickled.ready;
  trickled.socket.write(requestHead('/api/image/', `multipart/form-data; boundary=${slowForm.boundary}`, slowForm.payload.length, true));
  trickle(trickled.socket, slowForm.payload, 1, 5000);

  // 3. A 3 MB photo from a phone at 200 KB/s (15 s: past the grace of the rate rule).
  expect(photo.length).toBeGreaterThan(DEFAULT_CONNECTION_LIMITS.uploadGraceSeconds * 200 * 1024);
  const form = multipart([{ field: 'file', fileName: 'chantier-telephone.png', data: photo, type: 'image/png' }]);
  const phone = connect();
  await phone.ready;
  phone.socket.write(requestHead('/api/image/', `multipart/form-data; boundary=${form.boundary}`, form.payload.length, true));
  trickle(phone.socket, form.payload, 200 * 1024);

  // 4. One address opens 600 connections; another still gets the site.
  const flood = Array.from({ length: 600 }, () => connect('127.0.0.2'));
  await Promise.all(flood.map((c) => Promise.race([c.ready, c.answer])));
  const refused = await Promise.all(flood.slice(DEFAULT_CONNECTION_LIMITS.maxConnectionsPerAddress).map((c) => c.answer));
  expect(refused.every((r) => r.text === '')).toBe(true);
  const other = connect('127.0.0.3');
  await other.ready;
  other.socket.write('GET /api/menu HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  expect((await other.answer).text).toMatch(/^HTTP\/1\.1 200 /);
  // Those the server kept are still open; closed, the address may connect again.
  const kept = flood.slice(0, DEFAULT_CONNECTION_LIMITS.maxConnectionsPerAddress);
  expect(kept.every((c) => !c.socket.destroyed)).toBe(true);
  for (const c of kept) c.socket.destroy();
  await Promise.all(kept.map((c) => c.answer));
  const again = connect('127.0.0.2');
  await again.ready;
  again.socket.write('GET /api/menu HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  expect((await again.answer).text).toMatch(/^HTTP\/1\.1 200 /);

  const cut = await json.answer;
  expect(cut.closedAfterMs).toBeGreaterThanOrEqual(DEFAULT_CONNECTION_LIMITS.bodySeconds * 1000 - 500);
  expect(cut.closedAfterMs).toBeLessThan(30_000);
  expect(cut.text).toMatch(/^HTTP\/1\.1 408 /);
  expect(cut.text).toContain('"Message":"Requête reçue trop lentement : vérifiez la connexion et réessayez."');

  const upload = await trickled.answer;
  expect(upload.closedAfterMs).toBeGreaterThanOrEqual(DEFAULT_CONNECTION_LIMITS.uploadGraceSeconds * 1000 - 500);
  expect(upload.closedAfterMs).toBeLessThan(DEFAULT_CONNECTION_LIMITS.uploadGraceSeconds * 1000 + 5000);
  expect(upload.text).toMatch(/^HTTP\/1\.1 408 /);

  const finished = await phone.answer;
  expect(finished.text).toMatch(/^HTTP\/1\.1 200 /);
  expect(finished.text).toMatch(/"Result":true/);
  expect(finished.closedAfterMs).toBeGreaterThan(DEFAULT_CONNECTION_LIMITS.uploadGraceSeconds * 1000);
});
