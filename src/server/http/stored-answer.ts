import type { FastifyReply } from 'fastify';
import { IDEMPOTENCY_REPLAYED_HEADER } from '../../contract';
import type { StoredAnswer } from '../ledger/idempotency';

/** Sends a money request's answer, stored for its key; a replay of the key says so in a header. */
export const sendStoredAnswer = (reply: FastifyReply, answer: StoredAnswer) => {
  if (answer.replayed) reply.header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
  return reply.status(answer.statusCode).send(answer.body);
};
