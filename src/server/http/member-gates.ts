import type { FastifyRequest } from 'fastify';
import type { MemberIdentity } from './member-guard';

type RequestGate = (member: MemberIdentity, request: FastifyRequest) => Promise<void>;
type SeenListener = (member: MemberIdentity) => Promise<void>;
/** What a login answers beside the token (safer play: withdraw-only mode and until when). */
export interface LoginFacts {
  restriction?: { reason: 'ON_BREAK' | 'SELF_EXCLUDED' | 'SESSION_LIMIT_REACHED'; until: string | null };
}
type LoginFactsSource = (memberId: number) => Promise<LoginFacts>;

/**
 * Rules of one area on every member request, registered by their owners at start so the guard
 * imports no module: safer play answers withdraw-only mode's refusals (`onRequest`, after the
 * token is known) and counts signed-in time (`onSeen`: every authenticated request and every
 * socket's session check).
 */
export class MemberGates {
  private readonly gates: RequestGate[] = [];
  private readonly listeners: SeenListener[] = [];
  private readonly loginSources: LoginFactsSource[] = [];

  onLogin(source: LoginFactsSource): void {
    this.loginSources.push(source);
  }

  async loginFacts(memberId: number): Promise<LoginFacts> {
    let facts: LoginFacts = {};
    for (const source of this.loginSources) facts = { ...facts, ...(await source(memberId)) };
    return facts;
  }

  onRequest(gate: RequestGate): void {
    this.gates.push(gate);
  }

  onSeen(listener: SeenListener): void {
    this.listeners.push(listener);
  }

  async check(member: MemberIdentity, request: FastifyRequest): Promise<void> {
    for (const gate of this.gates) await gate(member, request);
  }

  /** Never fails the caller: a lost count of time is better than a refused request. */
  async seen(member: MemberIdentity): Promise<void> {
    for (const listener of this.listeners) await listener(member).catch(() => undefined);
  }
}
