// Table types for Kysely. Column names are snake_case; rows are mapped to the contract's
// PascalCase objects in one place (server/db/mappers.ts).
import type { Generated } from 'kysely';

export interface CategoryTable {
  id: Generated<number>;
  name: string;
  /** The English name ('' while not translated). */
  name_en: Generated<string>;
  /** Lower-cased, trimmed name: unique, so names are unique case-insensitively. */
  name_key: string;
  /** The owner's order: lists follow position, then id (distinct over the table). */
  position: Generated<number>;
  /** Last change of the row or of what its page lists (ms since the epoch), kept by triggers. */
  updated_at: Generated<number>;
}

export interface ProjectTypeTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  description: string;
  /** The English texts ('' while not translated). */
  name_en: Generated<string>;
  description_en: Generated<string>;
  image: string;
  /** The owner's order: lists follow position, then id (distinct over the table). */
  position: Generated<number>;
  /** Last change of the row or of what its page lists (ms since the epoch), kept by triggers. */
  updated_at: Generated<number>;
}

export interface ProjectTable {
  id: Generated<number>;
  project_type_id: number;
  name: string;
  description: string;
  /** The English texts ('' while not translated). */
  name_en: Generated<string>;
  description_en: Generated<string>;
  image: string;
  /** 1: public; 0: a draft only the administrator sees. */
  published: Generated<number>;
  /** The owner's order: lists follow position, then id (distinct over the table). */
  position: Generated<number>;
  /** Last change of the row or of what its page lists (ms since the epoch), kept by triggers. */
  updated_at: Generated<number>;
}

export interface ProjectMediaTable {
  id: Generated<number>;
  project_id: number;
  /** A photo or video of the library. */
  image: string;
  caption: string;
  alt: string;
  /** The English texts ('' while not translated). */
  caption_en: Generated<string>;
  alt_en: Generated<string>;
  /** '' | 'before' | 'after': the project's before/after comparison. */
  pair: Generated<'' | 'before' | 'after'>;
  /** The owner's order within the project's gallery. */
  position: number;
}

export interface SubTypeLinkTable {
  src_id: number;
  dest_id: number;
}

export interface UserTable {
  id: Generated<number>;
  email: string;
  /** Lower-cased e-mail: unique, so e-mails are unique case-insensitively. */
  email_key: string;
  /** scrypt$N$r$p$salt$hash of the MD5 hex the client sends. */
  password_hash: string;
  created_at: number;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  user_id: number;
  /** All tokens obtained from one sign-in by rotation share a family. */
  family: string;
  /** SHA-256 hex of the opaque token: the token itself is never stored. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  /** Set when the token was exchanged for a new one (rotation). */
  used_at: number | null;
  /** Set on logout, password change, or reuse of a rotated token of the family. */
  revoked_at: number | null;
}

/** The image library (server/images/library.ts). A deleted image keeps its row as a tombstone. */
export interface ImageTable {
  /** The stored file name under DATA_DIR/images (primary key: never reused). */
  name: string;
  /** MIME type of the stored file (image/jpeg…). */
  type: string;
  /** Upright dimensions of the stored file. */
  width: number;
  height: number;
  /** Size of the stored file. */
  bytes: number;
  /** JSON array of the variant widths that exist, ascending. */
  widths: string;
  /** Milliseconds since the epoch. */
  created_at: number;
  /** Set when the image was deleted (tombstone), else null. */
  deleted_at: number | null;
  /**
   * For a video (type video/mp4): the name of its poster, a still image of the library (row of its
   * own, not listed, deleted with the video); width, height and widths are then the poster's.
   * Null for an image.
   */
  poster: string | null;
}

/** A visitor's quote request (issue 17); deleted after QUOTE_RETENTION_DAYS. */
export interface QuoteTable {
  id: Generated<number>;
  /** Milliseconds since the epoch. */
  created_at: number;
  name: string;
  /** Empty or an address; email or phone is not empty. */
  email: string;
  phone: string;
  city: string;
  work: string;
  message: string;
  /** The language of the form the visitor filled in ('fr' for the requests from before issue 27). */
  lang: 'fr' | 'en';
  /** Random name of its photo folder, DATA_DIR/quotes/<folder>/ (made before the row). */
  folder: string;
  read_at: number | null;
  handled_at: number | null;
  /** The visit that led to it (issue 30): JSON array, the referring host ('' when none) then the paths seen. */
  journey: Generated<string>;
}

/** A private photo of a quote request: `file` (upright, metadata-free) and `preview` (WebP) in its folder. */
export interface QuotePhotoTable {
  quote_id: number;
  /** 1 to 5, in the order sent. */
  number: number;
  file: string;
  preview: string;
  type: string;
  width: number;
  height: number;
}

/** The e-mail of a quote request to the owner: sent once SMTP accepted it, retried until then. */
export interface MailOutboxTable {
  id: Generated<number>;
  quote_id: number;
  /** Chosen when the request is stored: every attempt sends the same Message-ID. */
  message_id: string;
  attempts: number;
  next_attempt_at: number;
  /** The mail server's last refusal or the connection error ('' when none). */
  last_error: string;
  sent_at: number | null;
}

/** One JSON document of the site (name 'site': the settings; 'menu': the menu), replaced whole. */
export interface SiteDocumentTable {
  name: 'site' | 'menu';
  body: string;
  /** Milliseconds since the epoch. */
  updated_at: number;
}

/** One sign-in or quote-request attempt (server/auth/rateLimiter.ts); expired rows are deleted now and then. */
export interface RateLimitHitTable {
  scope: 'login' | 'quote';
  /** SHA-256 (base64url) of what is limited: an address and e-mail, an address. */
  key: string;
  /** Milliseconds since the epoch. */
  at: number;
}

/** A client's testimonial (issue 31), in the owner's order; published only with the client's consent. */
export interface TestimonialTable {
  id: Generated<number>;
  /** The client's words, plain text. */
  text: string;
  /** The English text ('' while not translated). */
  text_en: Generated<string>;
  client_name: string;
  place: string;
  /** YYYY-MM: the month of the work. */
  month: string;
  /** The project it is about (null: none, or the project was deleted). */
  project_id: number | null;
  /** 1: shown to visitors (only with consent). */
  published: number;
  /** 1: « Le client a accepté que ce témoignage soit publié ». */
  consent: number;
  /** When consent was given (ms since the epoch); null without consent. */
  consent_at: number | null;
  position: number;
}

/** A quote request that reached the server (issue 34): taken before its body is read, then settled. */
export interface QuoteAttemptTable {
  id: Generated<number>;
  /** SHA-256 (base64url) of the sender's address. */
  key: string;
  /** Milliseconds since the epoch. */
  at: number;
  /** pending: being received; stored; refused (whatever the reason). */
  state: 'pending' | 'stored' | 'refused';
}

/** A quote form token already used (its nonce), remembered until the token expires. */
export interface QuoteTokenUsedTable {
  nonce: string;
  /** Milliseconds since the epoch. */
  expires_at: number;
}

/** A deleted record in the trash (issue 28): its rows and those that went with it, as JSON. */
export interface TrashTable {
  id: Generated<number>;
  kind: 'category' | 'projecttype' | 'project' | 'subtype' | 'gallery' | 'image' | 'user';
  /** The record's id (a photo's name; `src-dest` for a sub-type link). */
  record_id: string;
  name: string;
  /** JSON: { table: rows } to insert back (an image: its names). */
  body: string;
  /** Milliseconds since the epoch. */
  deleted_at: number;
  /** The administrator's e-mail. */
  deleted_by: string;
}

/** The state an update replaced (issue 28): the record's fields before it, and what changed. */
export interface RecordVersionTable {
  id: Generated<number>;
  kind: 'category' | 'projecttype' | 'project' | 'site' | 'menu';
  record_id: string;
  /** 1, 2, … per record. */
  version: number;
  /** JSON: the record as the contract reads it, before the update. */
  body: string;
  /** JSON: [{Field, Old, New}]. */
  changes: string;
  at: number;
  by: string;
}

/** One write through the API (issue 28): never a password, a token, a hash, nor a quote's personal details. */
export interface JournalTable {
  id: Generated<number>;
  at: number;
  /** The administrator's e-mail ('' when unknown, e.g. a failed sign-in's typed e-mail is kept here). */
  by: string;
  action: string;
  kind: string;
  record_id: string;
  name: string;
  outcome: 'done' | 'refused';
  message: string;
}

/** A page view (issue 30), kept STATS_RETENTION_DAYS. */
export interface StatsViewTable {
  id: Generated<number>;
  /** The business's local day (America/Toronto), YYYY-MM-DD, and hour (0-23). */
  day: string;
  hour: number;
  /** Seconds since the epoch: at most one view a second per visitor and path (unique index). */
  second: number;
  /** The page's French path, without query. */
  path: string;
  project_id: number | null;
  type_id: number | null;
  lang: 'fr' | 'en';
  /** The referring site's host, or utm_source; '' when none. */
  referrer: string;
  device: 'phone' | 'tablet' | 'computer';
  /** The day's visitor key. */
  visitor: string;
}

/** A day's totals, kept for ever. */
export interface StatsDayTable {
  day: string;
  views: number;
  visitors: number;
  /** The day's rows in stats_view (bounded). */
  stored: number;
}

/** The random key of a day, deleted once the day is over. */
export interface StatsKeyTable {
  day: string;
  secret: string;
}

/** A visitor seen on a day (counted once), deleted once the day is over. */
export interface StatsVisitorTable {
  day: string;
  visitor: string;
}

/** An administrator's authenticator app (issue 29): on once a current code was typed. */
export interface UserTotpTable {
  user_id: number;
  /** base32, 160 bits. */
  secret: string;
  enabled: number;
  /** The 30-second step of the last code accepted: that code and older ones are refused. */
  last_step: number | null;
  created_at: number;
}

export interface RecoveryCodeTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the code as typed without spaces or dashes, in lower case. */
  code_hash: string;
  used_at: number | null;
}

/** A sign-in waiting for its second factor. */
export interface LoginChallengeTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: number;
  failures: Generated<number>;
}

/** An administrator's passkey (issue 29, WebAuthn). */
export interface PasskeyTable {
  id: Generated<number>;
  user_id: number;
  /** base64url. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter, as of the last assertion accepted (0: it keeps none). */
  counter: number;
  /** JSON array of the transports the browser named (usb, internal, hybrid…). */
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A WebAuthn challenge waiting for its answer. */
export interface PasskeyChallengeTable {
  id: Generated<number>;
  purpose: 'register' | 'sign-in' | 'proof';
  /** The administrator (a registration, a proof, a sign-in's second step); null: a sign-in with a passkey alone. */
  user_id: number | null;
  /** The password step's challenge this sign-in finishes, or null. */
  login_challenge_id: number | null;
  challenge_hash: string;
  expires_at: number;
}

export interface Database {
  passkey: PasskeyTable;
  passkey_challenge: PasskeyChallengeTable;
  user_totp: UserTotpTable;
  recovery_code: RecoveryCodeTable;
  login_challenge: LoginChallengeTable;
  stats_view: StatsViewTable;
  stats_day: StatsDayTable;
  stats_key: StatsKeyTable;
  stats_visitor: StatsVisitorTable;
  trash: TrashTable;
  record_version: RecordVersionTable;
  journal: JournalTable;
  testimonial: TestimonialTable;
  rate_limit_hit: RateLimitHitTable;
  quote_attempt: QuoteAttemptTable;
  quote_token_used: QuoteTokenUsedTable;
  quote: QuoteTable;
  quote_photo: QuotePhotoTable;
  mail_outbox: MailOutboxTable;
  category: CategoryTable;
  project_type: ProjectTypeTable;
  project: ProjectTable;
  project_media: ProjectMediaTable;
  subtype_link: SubTypeLinkTable;
  app_user: UserTable;
  refresh_token: RefreshTokenTable;
  image: ImageTable;
  site_document: SiteDocumentTable;
}
