// Refusals that end a call, said in domain terms: services and repositories throw these and know
// nothing of HTTP; the edge (server/http/errors.ts) turns each kind into its status and headers.
// A refusal a person can act on inside a successful call (a duplicate name, a category still
// used) is not an error: it is a value, `refuse(message)` (server/domain/results.ts).

/** What went wrong, as the caller may be told: each kind has one HTTP status at the edge. */
export type RefusalKind =
  | 'invalid' // the request itself is malformed (400)
  | 'unauthorized' // no valid session (401)
  | 'not-found' // the record named does not exist (404)
  | 'too-large' // a file or body over its limit (413)
  | 'unsupported' // a body of a kind this call does not read (415)
  | 'too-many' // over a rate limit (429)
  | 'busy'; // the server cannot take it now (503)

export interface RefusalOptions {
  /** Seconds after which trying again may succeed (rate limits, a full queue). */
  retryAfterSeconds?: number;
  /** The rest of the request's body will not be read: the connection cannot be reused. */
  endsConnection?: boolean;
}

export class DomainError extends Error {
  readonly kind: RefusalKind;
  readonly retryAfterSeconds: number | undefined;
  readonly endsConnection: boolean;
  constructor(kind: RefusalKind, message: string, options: RefusalOptions = {}) {
    super(message);
    this.kind = kind;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.endsConnection = options.endsConnection ?? false;
  }
}

export const notFound = (message: string): DomainError => new DomainError('not-found', message);
