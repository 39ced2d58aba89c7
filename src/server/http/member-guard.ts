import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../contract';
import { refuse } from '../errors';

export interface MemberIdentity {
  memberId: number;
  sessionId: string;
}

/** Turns a bearer token into the member it belongs to, or null when missing, expired or revoked. */
export type Authenticator = (token: string) => Promise<MemberIdentity | null>;

declare module 'fastify' {
  interface FastifyRequest {
    member?: MemberIdentity;
  }
}

/**
 * Requests from other sites cannot add the marker header without a CORS preflight, which the
 * strict CORS policy refuses, so requiring it keeps other sites from driving a member's session.
 */
export function requireClientMarker(request: FastifyRequest) {
  if (request.headers[CLIENT_HEADER] !== CLIENT_HEADER_VALUE) refuse('CLIENT_REQUIRED');
}

/**
 * `Bearer <token>` and nothing else (RFC 6750: the scheme in any case, one space, a b64token).
 * Anything more (`Bearer <token> extra`, a second credential, two spaces) is not a token: a
 * header must mean one thing to us and to every proxy or log in front of us.
 */
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/** The bearer token of the Authorization header, or undefined when there is none or it is malformed. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
}

/**
 * The service switch (operator setting service.active): while it is off, member endpoints and
 * the public ways in (`closedWithService`: login, registration, OTP) answer 410 gone.
 */
export function serviceSwitch(isServiceActive: () => Promise<boolean>) {
  return async (_request: FastifyRequest, _reply: FastifyReply) => {
    if (!(await isServiceActive())) refuse('gone');
  };
}

export function memberGuard(deps: {
  isServiceActive: () => Promise<boolean>;
  authenticate: Authenticator;
  /** Other areas' rules on every member request (safer play's withdraw-only mode). */
  gates?: { check(member: MemberIdentity, request: FastifyRequest): Promise<void> };
}) {
  const serviceOn = serviceSwitch(deps.isServiceActive);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    requireClientMarker(request);
    await serviceOn(request, reply);
    const token = bearerToken(request);
    const member = token ? await deps.authenticate(token) : null;
    if (!member) refuse('invalid-token');
    request.member = member!;
    await deps.gates?.check(member!, request);
  };
}
