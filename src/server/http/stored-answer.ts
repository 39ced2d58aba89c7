import type { FastifyReply } from 'fastify';
import { IDEMPOTENCY_REPLAYED_HEADER, statusOf } from '../../contract';
import type { MoneyAnswer } from '../ledger/answer';

/**
 * Sends a money step's answer, stored for its key: a body as 200, an error code as its status
 * from the contract with the usual error body; a replay of the key says so in a header.
 */
export const sendStoredAnswer = (reply: FastifyReply, answer: MoneyAnswer) => {
  if (answer.replayed) reply.header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
  if (answer.code !== undefined) return reply.status(statusOf(answer.code)).send({ message: answer.code });
  return reply.status(200).send(answer.body);
};
