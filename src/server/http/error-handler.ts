import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { statusOf, type ErrorCode } from '../../contract';
import { DomainError } from '../errors';

/** The one place where every failure becomes `{ message: CODE }` and an HTTP status; 5xx says nothing more. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const code = codeOf(error);
    const status = code === 'INTERNAL_SERVER_ERROR' ? 500 : statusOf(code);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code, detail: error instanceof DomainError ? error.detail : error.message }, 'request refused');
    return reply.status(status).send({ message: code });
  });
}

function codeOf(error: FastifyError): ErrorCode {
  if (error instanceof DomainError) return error.code;
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) return 'INVALID_INPUT';
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'FILE_TOO_LARGE';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'INVALID_INPUT';
  }
  if (error.statusCode === 429) return 'REQUEST_LIMIT';
  if (error.statusCode === 404) return 'NOT_FOUND';
  // Body parse errors (malformed JSON) carry a 4xx status from Fastify.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return 'INVALID_INPUT';
  return 'INTERNAL_SERVER_ERROR';
}
