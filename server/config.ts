// The environment → AppConfig. Every variable has a working default, so `npm start` needs no setup.
import { resolve } from 'node:path';
import { OWASP_SCRYPT } from './auth/passwords.ts';
import { DEFAULT_TOKEN_LIFETIMES } from './auth/sessions.ts';
import type { AppConfig } from './appConfig.ts';
import { DEFAULT_CONNECTION_LIMITS } from './http/connectionLimits.ts';
import { DEFAULT_RETENTION_DAYS } from './quotes/rules.ts';
import { DEFAULT_TRASH_RETENTION_DAYS } from './trash/trash.service.ts';
import { DEFAULT_AUDIT_RETENTION_DAYS } from './journal/journal.service.ts';
import { DEFAULT_STATS_RETENTION_DAYS } from './stats/stats.service.ts';
import { isPostgresUrl } from './db/dialect.ts';
import { messages } from './domain/messages.ts';

const t = messages.config;

export interface ServerEnv {
  port: number;
  host: string;
  adminEmail: string;
  adminPassword?: string;
  app: AppConfig;
}

/**
 * `TRUST_PROXY`: unset/false → no proxy; else the proxies' addresses/CIDRs, comma-separated
 * (`127.0.0.1`, `10.0.0.0/8`, or proxy-addr's names `loopback`, `uniquelocal`). Refused: `true`
 * (every hop trusted: the address would be the leftmost X-Forwarded-For entry, which the client
 * writes) and a hop count (Fastify 5 trusts no one for a number: every visitor would get the
 * proxy's address and share one sign-in limit).
 */
function trustProxy(value: string | undefined): false | string {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') throw new Error(t.trustProxyTrue);
  if (/^[0-9]+$/.test(value)) throw new Error(t.trustProxyHops(value));
  const entries = value.split(',').map((entry) => entry.trim());
  const address = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/[0-9]{1,3})?)$/;
  const bad = entries.find((entry) => !address.test(entry));
  if (bad !== undefined) throw new Error(t.trustProxyInvalid(bad));
  return entries.join(',');
}

/** A number of seconds (or a count): digits only, a positive safe integer; the default when unset. */
function seconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n) || n <= 0) {
    throw new Error(t.positiveInteger(name, value));
  }
  return n;
}

/** `PUBLIC_URL`: the site's origin (http or https, no path), e.g. https://www.exemple.ca; unset: none. */
function publicUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(t.publicUrl(value));
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new Error(t.publicUrlPath(value));
  }
  return url.origin;
}

/** Seconds, or 0 to turn the limit off. */
const optionalSeconds = (name: string, value: string | undefined, fallback: number): number =>
  value === '0' ? 0 : seconds(name, value, fallback);

/** A number of days: digits only, at least 1; the default when unset. */
function days(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n) || n <= 0) throw new Error(t.days(name, value));
  return n;
}

/** SMTP_URL (smtp:// or smtps://) and MAIL_FROM; requests go to the quotes address of the site's settings. */
function mailSettings(smtpUrl: string, from: string | undefined): NonNullable<AppConfig['mail']> {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error(t.smtpUrl);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(t.smtpUrl);
  return { smtpUrl, ...(from ? { from } : {}) };
}

/** REQUIRE_SECOND_FACTOR: `true` or `false` (unset: false); anything else is refused rather than guessed. */
function requireSecondFactor(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(t.requireSecondFactor(value));
}

/** DATABASE_URL: a PostgreSQL URL (postgres:// or postgresql://); unset: SQLite in DATA_DIR. */
function databaseUrl(value: string): string {
  if (!isPostgresUrl(value)) throw new Error(t.databaseUrl);
  try {
    new URL(value);
  } catch {
    throw new Error(t.databaseUrl);
  }
  return value;
}

export function configFromEnv(env: NodeJS.ProcessEnv, repoRoot: string): ServerEnv {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(t.port(String(env.PORT)));
  const N = env.SCRYPT_N ? Number(env.SCRYPT_N) : OWASP_SCRYPT.N;
  const accessSeconds = seconds('ACCESS_TOKEN_TTL', env.ACCESS_TOKEN_TTL, DEFAULT_TOKEN_LIFETIMES.accessSeconds);
  const refreshSeconds = seconds('REFRESH_TOKEN_TTL', env.REFRESH_TOKEN_TTL, DEFAULT_TOKEN_LIFETIMES.refreshSeconds);
  if (refreshSeconds <= accessSeconds) {
    throw new Error(t.refreshNotLonger(refreshSeconds, accessSeconds));
  }
  const limits = {
    headersSeconds: seconds('HEADERS_TIMEOUT', env.HEADERS_TIMEOUT, DEFAULT_CONNECTION_LIMITS.headersSeconds),
    requestSeconds: optionalSeconds('REQUEST_TIMEOUT', env.REQUEST_TIMEOUT, DEFAULT_CONNECTION_LIMITS.requestSeconds),
    idleSeconds: seconds('IDLE_TIMEOUT', env.IDLE_TIMEOUT, DEFAULT_CONNECTION_LIMITS.idleSeconds),
    maxConnections: seconds('MAX_CONNECTIONS', env.MAX_CONNECTIONS, DEFAULT_CONNECTION_LIMITS.maxConnections),
    bodySeconds: optionalSeconds('BODY_TIMEOUT', env.BODY_TIMEOUT, DEFAULT_CONNECTION_LIMITS.bodySeconds),
    uploadMinBytesPerSecond:
      env.UPLOAD_MIN_RATE === '0' ? 0 : 1024 * seconds('UPLOAD_MIN_RATE', env.UPLOAD_MIN_RATE, DEFAULT_CONNECTION_LIMITS.uploadMinBytesPerSecond / 1024),
    uploadGraceSeconds: seconds('UPLOAD_GRACE', env.UPLOAD_GRACE, DEFAULT_CONNECTION_LIMITS.uploadGraceSeconds),
    maxConnectionsPerAddress: seconds('MAX_CONNECTIONS_PER_ADDRESS', env.MAX_CONNECTIONS_PER_ADDRESS, DEFAULT_CONNECTION_LIMITS.maxConnectionsPerAddress),
  };
  if (limits.requestSeconds > 0 && limits.bodySeconds > limits.requestSeconds) {
    throw new Error(t.bodyAfterRequest(limits.bodySeconds, limits.requestSeconds));
  }
  if (limits.requestSeconds > 0 && limits.headersSeconds > limits.requestSeconds) {
    throw new Error(t.headersAfterRequest(limits.headersSeconds, limits.requestSeconds));
  }
  return {
    port,
    host: env.HOST || '127.0.0.1',
    adminEmail: env.ADMIN_EMAIL || 'admin@example.com',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    app: {
      dataDir: resolve(env.DATA_DIR || resolve(repoRoot, 'data')),
      ...(env.DATABASE_URL ? { databaseUrl: databaseUrl(env.DATABASE_URL) } : {}),
      distDir: resolve(repoRoot, 'dist'),
      openapiPath: resolve(repoRoot, 'openapi.yaml'),
      demoImagesDir: resolve(repoRoot, 'server', 'demo', 'images'),
      imageWorkerPath: resolve(repoRoot, 'server', 'media', 'worker.ts'),
      imageCacheDir: resolve(env.IMAGE_CACHE_DIR || resolve(repoRoot, 'node_modules', '.cache', 'atelier-images')),
      jwtSecret: env.JWT_SECRET || undefined,
      publicUrl: publicUrl(env.PUBLIC_URL),
      trustProxy: trustProxy(env.TRUST_PROXY),
      logger: env.LOG_LEVEL === 'silent' ? false : true,
      passwordCost: { ...OWASP_SCRYPT, N },
      tokenLifetimes: { accessSeconds, refreshSeconds },
      connectionLimits: limits,
      ...(env.SMTP_URL ? { mail: mailSettings(env.SMTP_URL, env.MAIL_FROM) } : {}),
      quoteRetentionDays: days('QUOTE_RETENTION_DAYS', env.QUOTE_RETENTION_DAYS, DEFAULT_RETENTION_DAYS),
      trashRetentionDays: days('TRASH_RETENTION_DAYS', env.TRASH_RETENTION_DAYS, DEFAULT_TRASH_RETENTION_DAYS),
      auditRetentionDays: days('AUDIT_RETENTION_DAYS', env.AUDIT_RETENTION_DAYS, DEFAULT_AUDIT_RETENTION_DAYS),
      requireSecondFactor: requireSecondFactor(env.REQUIRE_SECOND_FACTOR),
      statsRetentionDays: days('STATS_RETENTION_DAYS', env.STATS_RETENTION_DAYS, DEFAULT_STATS_RETENTION_DAYS),
    },
  };
}
