import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { refuse } from '../../errors';
import { bearerToken } from '../../http/member-guard';

/** An area of the back office an operator may be allowed into. */
export type OperatorArea = 'chat';

export interface ChatOperator {
  /** Stored as the sender of the operator's messages. */
  sender: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator of a chat operator call (until back-office accounts guard chat). */
    chatOperator?: ChatOperator;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The one check in front of every operator call (/api/admin/chat). Until the back office
 * (issue 16) brings operator accounts and roles and replaces this function, the only operator
 * is the sandbox's: in sandbox mode a bearer token equal to SANDBOX_OPERATOR_TOKEN passes;
 * with no token configured, or outside sandbox mode, every call is refused.
 */
export async function requireOperator(request: FastifyRequest, area: OperatorArea): Promise<ChatOperator> {
  const { config } = request.server.ctx;
  const expected = config.sandbox ? config.SANDBOX_OPERATOR_TOKEN : undefined;
  const token = bearerToken(request);
  // Compared as digests: equal lengths, constant time.
  if (!expected || !token || !timingSafeEqual(digest(token), digest(expected))) refuse('UNAUTHORIZED', `operator for ${area}`);
  const operator = { sender: 'operator', name: 'Sandbox operator' };
  request.chatOperator = operator;
  return operator;
}
