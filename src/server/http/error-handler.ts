import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { statusOf, type ErrorCode } from '../../contract';
import { DomainError } from '../errors';

/** The one place where every failure becomes `{ message: CODE }` and an HTTP status; 5xx says nothing more. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const code = codeOf(error);
    const status = code === 'INTERNAL_SERVER_ERROR' ? 500 : statusOf(code);
    if (code === 'SERVICE_UNAVAILABLE') request.log.warn({ err: error }, 'database unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code, detail: error instanceof DomainError ? error.detail : error.message }, 'request refused');
    const facts = error instanceof DomainError ? error.facts : undefined;
    return reply.status(status).send({ message: code, ...facts });
  });
}

/**
 * Errors the router raises before any route or hook runs (a URL that is not valid UTF-8, a path
 * parameter over the length limit): Fastify's `frameworkErrors` option. They answer like any
 * other refused input instead of Fastify's own error body.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: 'INVALID_INPUT', detail: error.code }, 'request refused');
  return reply.status(statusOf('INVALID_INPUT')).send({ message: 'INVALID_INPUT' });
}

/**
 * The database out of reach (a restart, a failover, a cut connection): the request did not
 * happen or its outcome waits for the reconciler, and a retry with the same key is the answer.
 * PostgreSQL's class 08 (connection) and 57P01-57P03 (shutting down, cannot connect now), and
 * the socket errors of a connection that went away.
 */
function databaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (/^08/.test(code) || /^57P0[123]$/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code))) return true;
  return typeof message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(message);
}

const MALFORMED_MULTIPART = /^Multipart: Boundary not found$|unexpected end of multipart data$/i;

function codeOf(error: FastifyError): ErrorCode {
  if (error instanceof DomainError) return error.code;
  if (databaseUnavailable(error)) return 'SERVICE_UNAVAILABLE';
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
  // The multipart parser (busboy) throws plain errors, known only by their text, for a body
  // that is not multipart at all or ends in the middle.
  if (MALFORMED_MULTIPART.test(error.message)) return 'INVALID_INPUT';
  if (error.statusCode === 429) return 'REQUEST_LIMIT';
  if (error.statusCode === 404) return 'NOT_FOUND';
  // Body parse errors (malformed JSON) carry a 4xx status from Fastify.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return 'INVALID_INPUT';
  return 'INTERNAL_SERVER_ERROR';
}
