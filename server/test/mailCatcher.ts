// A real SMTP server in the test process (smtp-server), and real MIME parsing (mailparser): what
// the site sends is read as a mail program reads it. `hold` keeps the next messages unanswered
// (the sender waits for the server's acceptance), to kill the site in the middle of a send.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  /** Envelope recipients. */
  to: string[];
  mail: ParsedMail;
}

export interface MailCatcher {
  port: number;
  url: string;
  received: Received[];
  /** Resolves when `count` messages have been accepted. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  /** Messages arriving from now on are read but never answered (nor counted) until `release()`. */
  hold(): void;
  /** Messages are answered again (those held stay unanswered: their sender is gone). */
  release(): void;
  /** Resolves when a held message has been fully read. */
  heldOne(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startMailCatcher(port = 0): Promise<MailCatcher> {
  const received: Received[] = [];
  let holding = false;
  const held: Array<() => void> = [];
  let heldWaiters: Array<() => void> = [];
  let waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (holding) {
            held.push(() => callback(new Error('arrêt')));
            for (const waiter of heldWaiters) waiter();
            heldWaiters = [];
            return;
          }
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
          // A waiter still short of its count puts itself back: call the ones waiting now.
          const waiting = waiters;
          waiters = [];
          for (const waiter of waiting) waiter();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    waitFor(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${received.length} message(s) reçus, ${count} attendus`)), timeoutMs);
        const check = () => {
          if (received.length >= count) {
            clearTimeout(timer);
            resolve(received);
          } else waiters.push(check);
        };
        check();
      });
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
    },
    heldOne(timeoutMs = 15_000) {
      if (held.length > 0) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('aucun message retenu')), timeoutMs);
        heldWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async close() {
      holding = false;
      for (const answer of held.splice(0)) answer();
      waiters = [];
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type QuotePhoto = { name: string; data: Buffer; type?: string };

/** A quote request as a browser sends the form: text fields, then the photos, in one multipart body. */
export function quoteForm(fields: Record<string, string>, photos: QuotePhoto[] = []): { payload: Buffer; contentType: string } {
  const boundary = `----devis${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  for (const photo of photos) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="Photos"; filename="${photo.name}"\r\nContent-Type: ${photo.type ?? 'image/jpeg'}\r\n\r\n`, 'utf8'),
      photo.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
