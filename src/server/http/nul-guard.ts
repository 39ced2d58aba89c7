import type { FastifyInstance } from 'fastify';
import { refuse } from '../errors';

/** True when a string anywhere in a parsed value holds U+0000. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || holdsNul(v, depth + 1));
}

/**
 * PostgreSQL's text cannot hold U+0000: a NUL byte in any string that reaches a query fails there
 * as an internal error. No field of the contract has a use for it, so every request whose path
 * parameters, query or body hold one is refused as INVALID_INPUT before its schema is checked.
 */
export function refuseNulBytes(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) refuse('INVALID_INPUT', 'NUL byte in a string');
  });
}
