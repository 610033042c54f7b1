// npm run bench:quotes — the owner's upload while hostile quote requests are in flight (issue 34).
// The server runs as `npm start` runs it (bench/processes.ts), told that 127.0.0.1 is its proxy, so
// each hostile request comes from an address of its own (X-Forwarded-For). Two scenarios, each with
// three hostile requests sent at once, then, once their bodies are sent, the owner's upload of a
// small photo (800×600 JPEG), timed from its first byte to its answer:
//   A. the audit's request: four 12-MP phone photos and a fifth part that is not an image;
//   B. five real 12-MP photos each (valid requests: only the image worker's order can help).
// Alone first, for the reference. Reports the times; exits 1 when scenario A's upload takes more
// than twice the upload alone plus 1 s. Only 127.0.0.1, a throwaway DATA_DIR, stops by itself.
//   npm run bench:quotes                 (DATABASE_URL=postgres://… for PostgreSQL)
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { benchDatabase, startProcesses } from './processes.ts';

const ADMIN_EMAIL = 'bench@exemple.ca';
const ADMIN_PASSWORD = 'motdepasse-bench';
const XSRF = 'bench-xsrf-token';
const cookie = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };

async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .blur(0.8)
    .jpeg({ quality: 85 })
    .toBuffer();
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const big = await phonePhoto();
  const small = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8b5a2b' } }).jpeg().toBuffer();
  const database = await benchDatabase();
  const server = await startProcesses(1, database.url, { ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' });
  const killer = setTimeout(() => void server.stop(), 10 * 60 * 1000);
  try {
    const base = server.base;
    const login = (await (
      await fetch(`${base}/api/login/`, {
        method: 'POST',
        headers: { ...cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ Email: ADMIN_EMAIL, Pwd: createHash('md5').update(ADMIN_PASSWORD).digest('hex') }),
      })
    ).json()) as { Token: string };

    let uploads = 0;
    async function ownerUpload(): Promise<number> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(small)], { type: 'image/jpeg' }), `chantier-${++uploads}.jpg`);
      const started = performance.now();
      try {
        const res = await fetch(`${base}/api/image/`, { method: 'POST', headers: { ...cookie, authorization: `Bearer ${login.Token}` }, body: form });
        const json = (await res.json()) as { Result: boolean; Message: string };
        if (!json.Result) throw new Error(`owner's upload refused: ${json.Message}`);
      } catch (error) {
        // The connection closed under it (30 s without a byte either way: the server's idle limit).
        console.log(`  the owner's upload failed after ${seconds(performance.now() - started)}: ${String((error as { cause?: unknown }).cause ?? error)}`);
        return Infinity;
      }
      return performance.now() - started;
    }

    let address = 0;
    /** Sends one hostile request: its answer (status, message, time) when it comes. */
    async function hostile(tokens: string[], fifth: 'text' | 'photo'): Promise<{ answered: Promise<string> }> {
      const token = tokens.shift() as string;
      const form = new FormData();
      const fields: Record<string, string> = {
        Name: 'Robot Hostile',
        Email: 'robot@exemple.ca',
        Phone: '',
        City: '',
        Work: '',
        Message: 'Une demande envoyée pour occuper le serveur, rien de plus.',
        Consent: 'oui',
        Website: '',
        Token: token,
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (let i = 1; i <= 4; i++) form.append('Photos', new Blob([new Uint8Array(big)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
      if (fifth === 'text') form.append('Photos', new Blob(['ceci n’est pas une image'], { type: 'image/jpeg' }), 'photo-5.jpg');
      else form.append('Photos', new Blob([new Uint8Array(big)], { type: 'image/jpeg' }), 'photo-5.jpg');
      const body = new Response(form);
      const bytes = new Uint8Array(await body.arrayBuffer());
      const started = performance.now();
      const answered = fetch(`${base}/api/quote`, {
        method: 'POST',
        headers: { ...cookie, accept: 'application/json', 'content-type': body.headers.get('content-type') ?? '', 'x-forwarded-for': `203.0.113.${++address}` },
        body: bytes,
      })
        .then(async (res) => `${res.status} ${((await res.json()) as { Message: string }).Message.slice(0, 40)} (${seconds(performance.now() - started)})`)
        .catch((error: unknown) => `error ${String((error as { cause?: unknown }).cause ?? error)}`);
      return { answered };
    }

    async function tokens(n: number): Promise<string[]> {
      const list: string[] = [];
      for (let i = 0; i < n; i++) list.push(((await (await fetch(`${base}/api/quote/form`)).json()) as { Token: string }).Token);
      // The 3-second rule: the forms were shown 3 s ago.
      await new Promise((resolve) => setTimeout(resolve, 3_200));
      return list;
    }

    await ownerUpload(); // warm-up
    const alone = [await ownerUpload(), await ownerUpload(), await ownerUpload()].sort((a, b) => a - b)[1] as number;
    console.log(`Owner's upload (800×600 JPEG), alone: ${seconds(alone)} (median of 3)`);

    const results: Record<string, number> = {};
    for (const [label, fifth] of [
      ['A: three requests of four 12-MP photos and a fifth part that is not an image', 'text'],
      ['B: three requests of five 12-MP photos', 'photo'],
    ] as const) {
      const list = await tokens(3);
      const requests = await Promise.all([0, 1, 2].map(() => hostile(list, fifth)));
      // Their bodies (about 25 MB each) are on their way over the loopback: a second to arrive.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const upload = await ownerUpload();
      const answers = await Promise.all(requests.map((r) => r.answered));
      results[fifth] = upload;
      console.log(`${label}:\n  owner's upload ${seconds(upload)}; the hostile requests: ${answers.join('; ')}`);
    }
    const budget = 2 * alone + 1000;
    if ((results.text ?? Infinity) > budget) {
      console.log(`\nFAIL: the owner's upload took ${seconds(results.text ?? 0)} with the audit's requests in flight (budget ${seconds(budget)})`);
      process.exitCode = 1;
    } else {
      console.log(`\nPASS: the owner's upload took ${seconds(results.text ?? 0)} with the audit's requests in flight (budget ${seconds(budget)})`);
    }
  } finally {
    clearTimeout(killer);
    await server.stop();
    await database.drop();
  }
}

await main();
