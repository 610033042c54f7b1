// Every error answer is `{Result:false, Message}` with a French message: a DomainError thrown by a
// service or a route (its kind says the status), a schema violation, a client error of Fastify's,
// else a 500 that is logged.
import type { FastifyInstance } from 'fastify';
import { messages } from '../domain/messages.ts';
import { DomainError, type RefusalKind } from '../domain/errors.ts';
import { frenchValidationMessage } from './validationMessages.ts';

/** The HTTP status of each kind of refusal. */
export const STATUS_OF: Record<RefusalKind, number> = {
  invalid: 400,
  unauthorized: 401,
  'not-found': 404,
  'too-large': 413,
  unsupported: 415,
  'too-many': 429,
  busy: 503,
};

/** The headers a refusal carries: when to try again; the connection closed when its body is left unread. */
export function refusalHeaders(refusal: { retryAfterSeconds?: number | undefined; endsConnection?: boolean }): Record<string, string> {
  return {
    ...(refusal.retryAfterSeconds === undefined ? {} : { 'retry-after': String(refusal.retryAfterSeconds) }),
    ...(refusal.endsConnection ? { connection: 'close' } : {}),
  };
}

/** Fastify error codes of client errors, with the French sentence the client may show. */
function frenchClientError(code: string | undefined, status: number): string {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return messages.request.unsupportedMediaType;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return messages.request.tooLarge;
    case 'BODY_INVALID_UNICODE':
      return messages.request.invalidUnicode;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return messages.request.invalidJson;
    default:
      if (status === 413) return messages.request.tooLarge;
      if (status === 404) return messages.request.notFound;
      // The file server refuses a path it will not serve (a NUL, a traversal).
      if (status === 403) return messages.request.forbiddenPath;
      return messages.request.invalid;
  }
}

export function registerErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string; validation?: unknown; validationContext?: string }, req, reply) => {
    if (error instanceof DomainError) {
      reply.headers(refusalHeaders(error));
      return reply.code(STATUS_OF[error.kind]).send({ Result: false, Message: error.message });
    }
    if (Array.isArray(error.validation)) {
      return reply.code(400).send({ Result: false, Message: frenchValidationMessage(error.validation, error.validationContext) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ Result: false, Message: frenchClientError(error.code, status) });
    }
    req.log.error({ err: error }, messages.log.internalError);
    return reply.code(500).send({ Result: false, Message: messages.request.internal });
  });
}
