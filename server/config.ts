// The environment → AppConfig. Every variable has a working default, so `npm start` needs no setup.
import { resolve } from 'node:path';
import { OWASP_SCRYPT } from './auth/passwords.ts';
import { DEFAULT_TOKEN_LIFETIMES } from './auth/sessions.ts';
import type { AppConfig } from './app.ts';
import { demoBusiness } from './demo/content.ts';
import { DEFAULT_RETENTION_DAYS } from './quotes/rules.ts';

export interface ServerEnv {
  port: number;
  host: string;
  adminEmail: string;
  adminPassword?: string;
  app: AppConfig;
}

/** `TRUST_PROXY`: unset/false → false; true/1 → trust every proxy; else a list of addresses/CIDRs. */
function trustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return value;
}

/** A lifetime in seconds: digits only, a positive safe integer; the default when unset. */
function seconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n) || n <= 0) {
    throw new Error(`${name} invalide : ${value} (un nombre entier de secondes, au moins 1)`);
  }
  return n;
}

/** A number of days: digits only, at least 1; the default when unset. */
function days(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n) || n <= 0) throw new Error(`${name} invalide : ${value} (un nombre entier de jours, au moins 1)`);
  return n;
}

/** SMTP_URL (smtp:// or smtps://) and MAIL_FROM; requests go to the business's quotes address. */
function mailSettings(smtpUrl: string, from: string | undefined): NonNullable<AppConfig['mail']> {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error('SMTP_URL invalide : une adresse smtp://… ou smtps://…');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL invalide : une adresse smtp://… ou smtps://…');
  return { smtpUrl, from: from || `"${demoBusiness.name}" <${demoBusiness.quotesEmail}>`, to: demoBusiness.quotesEmail };
}

export function configFromEnv(env: NodeJS.ProcessEnv, repoRoot: string): ServerEnv {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT invalide : ${env.PORT}`);
  const N = env.SCRYPT_N ? Number(env.SCRYPT_N) : OWASP_SCRYPT.N;
  const accessSeconds = seconds('ACCESS_TOKEN_TTL', env.ACCESS_TOKEN_TTL, DEFAULT_TOKEN_LIFETIMES.accessSeconds);
  const refreshSeconds = seconds('REFRESH_TOKEN_TTL', env.REFRESH_TOKEN_TTL, DEFAULT_TOKEN_LIFETIMES.refreshSeconds);
  if (refreshSeconds <= accessSeconds) {
    throw new Error(
      `REFRESH_TOKEN_TTL (${refreshSeconds}) doit dépasser ACCESS_TOKEN_TTL (${accessSeconds}) : sinon chaque renouvellement échoue.`,
    );
  }
  return {
    port,
    host: env.HOST || '127.0.0.1',
    adminEmail: env.ADMIN_EMAIL || 'admin@example.com',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    app: {
      dataDir: resolve(env.DATA_DIR || resolve(repoRoot, 'data')),
      distDir: resolve(repoRoot, 'dist'),
      openapiPath: resolve(repoRoot, 'openapi.yaml'),
      demoImagesDir: resolve(repoRoot, 'server', 'demo', 'images'),
      imageWorkerPath: resolve(repoRoot, 'server', 'images', 'worker.ts'),
      imageCacheDir: resolve(repoRoot, 'node_modules', '.cache', 'atelier-images'),
      jwtSecret: env.JWT_SECRET || undefined,
      trustProxy: trustProxy(env.TRUST_PROXY),
      logger: env.LOG_LEVEL === 'silent' ? false : true,
      passwordCost: { ...OWASP_SCRYPT, N },
      tokenLifetimes: { accessSeconds, refreshSeconds },
      ...(env.SMTP_URL ? { mail: mailSettings(env.SMTP_URL, env.MAIL_FROM) } : {}),
      quoteRetentionDays: days('QUOTE_RETENTION_DAYS', env.QUOTE_RETENTION_DAYS, DEFAULT_RETENTION_DAYS),
    },
  };
}
