// Every error answer is `{Result:false, Message}` with a French message: ApiError thrown by a
// handler, a schema violation, a client error of Fastify's, else a 500 that is logged.
import type { FastifyInstance } from 'fastify';
import { messages } from '../domain/messages.ts';
import { ApiError } from './operations.ts';
import { frenchValidationMessage } from './validationMessages.ts';

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
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return reply.code(error.statusCode).send({ Result: false, Message: error.message });
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
