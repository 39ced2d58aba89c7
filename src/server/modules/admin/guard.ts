import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { can, type Permission } from '../../../contract';
import { refuse } from '../../errors';
import { bearerToken, requireClientMarker } from '../../http/member-guard';
import type { Actor } from './audit';
import type { OperatorIdentity } from './operators';

/** Turns an operator's bearer token into the operator, or null when missing, expired, revoked or disabled. */
export type OperatorAuthenticator = (token: string) => Promise<OperatorIdentity | null>;

declare module 'fastify' {
  interface FastifyRequest {
    operator?: OperatorIdentity;
  }
  interface FastifyContextConfig {
    /** What the operator's role must allow to call this route (operator endpoints). */
    permission?: Permission;
  }
}

/**
 * The one operator check: a live operator session (a member's token is not one: 401
 * invalid-token), the client marker header (as for members: other sites cannot add it), and,
 * when given, a role that allows the permission (403 FORBIDDEN). The member service switch
 * does not apply: operators must be able to turn it back on.
 */
export function requireOperator(authenticate: OperatorAuthenticator, permission?: Permission): onRequestHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    await checkOperator(request, authenticate, permission);
  };
}

async function checkOperator(request: FastifyRequest, authenticate: OperatorAuthenticator, permission: Permission | undefined) {
  requireClientMarker(request);
  const token = bearerToken(request);
  const operator = token ? await authenticate(token) : null;
  if (!operator) return refuse('invalid-token');
  if (permission && !can(operator.role, permission)) refuse('FORBIDDEN');
  request.operator = operator;
}

/** The guard of contract routes with access 'operator': the permission comes from the route's config. */
export function operatorRouteGuard(authenticate: OperatorAuthenticator): onRequestHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    await checkOperator(request, authenticate, request.routeOptions.config.permission);
  };
}

/** The operator of a guarded request, as the audit log names them. */
export function actorOf(request: FastifyRequest): Actor & { operatorId: number; username: string } {
  const operator = request.operator;
  if (!operator) throw new Error('operator route without the operator guard');
  return { operatorId: operator.operatorId, username: operator.username, ip: request.ip };
}
