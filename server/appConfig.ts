// What buildApp is given (config.ts makes it from the environment; tests make their own).
import type { FastifyServerOptions } from 'fastify';
import type { HashGateOptions } from './auth/hashGate.ts';
import type { ScryptCost } from './auth/passwords.ts';
import type { TokenLifetimes } from './auth/sessions.ts';
import type { ConnectionLimits } from './http/connectionLimits.ts';
import type { MailSettings } from './quotes/mail.ts';

export interface AppConfig {
  /** Database file, uploaded images (images/), generated JWT key. */
  dataDir: string;
  /** postgres://…: the database is PostgreSQL instead of DATA_DIR's SQLite file (server/db/dialect.ts). */
  databaseUrl?: string;
  /** The built SPA (may be missing, e.g. in tests). */
  distDir: string;
  openapiPath: string;
  /** Bundled demo images, served after DATA_DIR/images. */
  demoImagesDir: string;
  /** The image worker script (server/media/worker.ts), run as a child process. */
  imageWorkerPath: string;
  /** Cache of the demo images' pipeline output (e.g. node_modules/.cache/atelier-images); none: no cache. */
  imageCacheDir?: string;
  /** HS256 key (at least 32 characters); else a random key kept in DATA_DIR/jwt-secret. */
  jwtSecret?: string;
  /** Origin of absolute URLs (canonical, Open Graph, sitemap), e.g. https://www.exemple.ca; else the request's. */
  publicUrl?: string;
  /** Fastify trustProxy: the reverse proxies' addresses (comma-separated), never `true` (see config.ts). */
  trustProxy: false | string;
  logger: boolean | FastifyServerOptions['logger'];
  /** scrypt cost; OWASP_SCRYPT in production, tiny in tests. */
  passwordCost: ScryptCost;
  /** Sign-in attempts allowed per address and e-mail (max, 5) and per address (maxPerAddress, 20) in one window. */
  loginLimit?: { max: number; windowMs: number; maxPerAddress?: number };
  /** Sign-in password hashes running at once and waiting (1 and 8 when absent). */
  hashGate?: HashGateOptions;
  /** Clock (tests move it to expire tokens). */
  now?: () => number;
  /** Access and refresh token lifetimes; 15 minutes and 30 days when absent. */
  tokenLifetimes?: TokenLifetimes;
  /** Header, request and idle timeouts and the connection cap; DEFAULT_CONNECTION_LIMITS when absent. */
  connectionLimits?: ConnectionLimits;
  /** SMTP_URL and MAIL_FROM, with the business's quotes address; none: requests only in the admin. */
  mail?: MailSettings;
  /** QUOTE_RETENTION_DAYS (365 when absent). */
  quoteRetentionDays?: number;
  /** TRASH_RETENTION_DAYS (30 when absent). */
  trashRetentionDays?: number;
  /** AUDIT_RETENTION_DAYS (365 when absent). */
  auditRetentionDays?: number;
  /** REQUIRE_SECOND_FACTOR: an administrator without a second factor sets one up before anything else (off when absent). */
  requireSecondFactor?: boolean;
  /** STATS_RETENTION_DAYS (395 when absent): individual page views; daily totals are kept for ever. */
  statsRetentionDays?: number;
  /** Quote requests accepted per address in one window (5 an hour when absent). */
  quoteLimit?: { max: number; windowMs: number };
}
