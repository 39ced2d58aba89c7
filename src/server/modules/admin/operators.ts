import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { permissionsOf, type OperatorRole, type Permission } from '../../../contract';
import type { Clock } from '../../clock';
import { uniqueViolation } from '../../db/errors';
import type { DB, OperatorTable } from '../../db/schema';
import { refuse } from '../../errors';
import type { Throttle } from '../../throttle/throttle';
import type { Passwords } from '../account/passwords';
import type { Actor, AuditLog } from './audit';
import { checkOperatorPassword } from './password-strength';
import { enrolment, newTotpSecret, totpStep } from './totp';

/** The operator behind a request. */
export interface OperatorIdentity {
  operatorId: number;
  username: string;
  /** Shown to members as the sender of the operator's chat answers. */
  name: string;
  role: OperatorRole;
  sessionId: string;
}

/** Operator sessions end after a working day; the console asks for the password and code again. */
export const OPERATOR_SESSION_TTL_MS = 12 * 3600_000;
/**
 * Failed logins (a wrong password or a wrong code) in a sliding 15 minutes: 5 for one username
 * from one address, then REQUEST_LIMIT for that pair; 20 from one address over any usernames,
 * then REQUEST_LIMIT for that address. Per username over any addresses, 10 are answered as
 * they are; past them a password alone is answered `step: 'code'` whatever it is, so a guesser
 * spread over many addresses learns nothing from a password and needs it and the current code
 * together, while the operator, who has both, signs in as always.
 */
export const OPERATOR_LOGIN_LIMITS = { perPair: 5, perAddress: 20, openPerUsername: 10, windowMs: 15 * 60_000 } as const;

/**
 * Authenticator codes asked again for one action (the second approval of a large payout): a
 * wrong one counts against the operator in a sliding 15 minutes; past 5 it is REQUEST_LIMIT, so
 * a stolen session cannot try the million codes.
 */
export const ACTION_CODE_LIMITS = { perOperator: 5, windowMs: 15 * 60_000 } as const;

type OperatorRow = Pick<OperatorTable, 'username' | 'name' | 'role' | 'totp_secret'> & { id: number; created_at: Date };

export const operatorView = (row: OperatorRow) => ({
  id: row.id,
  username: row.username,
  name: row.name,
  role: row.role,
  permissions: permissionsOf(row.role) as Permission[],
  twoFactor: row.totp_secret !== null,
  createdAt: row.created_at.toISOString(),
});

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const VIEW = ['id', 'username', 'name', 'role', 'totp_secret', 'created_at'] as const;

/**
 * Operator accounts, apart from members: argon2id passwords, a TOTP authenticator enrolled at
 * the first login, opaque session tokens stored as hashes, and login throttling that refuses
 * per (username, address) and per address, never per username alone (OPERATOR_LOGIN_LIMITS).
 */
export class Operators {
  constructor(private readonly deps: { db: Kysely<DB>; clock: Clock; throttle: Throttle; audit: AuditLog; passwords: Passwords }) {}

  /**
   * A new operator. The password must be strong, except the sandbox's seeded admin's, which
   * comes from configuration on a machine with no real money. The maker is kept (`created_by`):
   * they know the first password, so they never check this operator's items, nor it theirs.
   */
  async create(input: { username: string; name: string; role: OperatorRole; password: string }, by: Actor | null, options = { checkStrength: true }) {
    if (options.checkStrength) checkOperatorPassword(input.password, [input.username, input.name]);
    const username = input.username.toLowerCase();
    try {
      return await this.deps.db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('operator')
          .values({
            username, name: input.name, role: input.role, password_hash: await this.deps.passwords.hash(input.password),
            totp_secret: null, totp_pending_secret: null, totp_last_step: null, created_by: by?.operatorId ?? null,
          })
          .returning(VIEW).executeTakeFirstOrThrow();
        const view = operatorView(row);
        if (by) await this.deps.audit.record(by, { action: 'operator.create', targetType: 'operator', targetId: row.id, after: view }, trx);
        return view;
      });
    } catch (error) {
      if (uniqueViolation(error) !== undefined) refuse('OPERATOR_EXISTS');
      throw error;
    }
  }

  async count(): Promise<number> {
    const row = await this.deps.db.selectFrom('operator').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list() {
    const rows = await this.deps.db.selectFrom('operator').select(VIEW).orderBy('id').execute();
    return rows.map(operatorView);
  }

  async view(operatorId: number) {
    return operatorView(await this.deps.db.selectFrom('operator').select(VIEW).where('id', '=', operatorId).executeTakeFirstOrThrow());
  }

  async login(request: { username: string; password: string; code?: string }, client: { ip: string; userAgent?: string }) {
    const { db, throttle, audit, passwords } = this.deps;
    const { perPair, perAddress, openPerUsername, windowMs } = OPERATOR_LOGIN_LIMITS;
    const username = request.username.toLowerCase();
    const actor: Actor = { operatorId: null, username, ip: client.ip };
    // Refusals only ever concern the caller's own address: a stranger's failures elsewhere never lock the operator out.
    const pair = await throttle.take(`admin-login:pair:${username}:${client.ip}`, perPair, windowMs);
    if (!pair) return refuse('REQUEST_LIMIT');
    const address = await throttle.take(`admin-login:ip:${client.ip}`, perAddress, windowMs);
    if (!address) {
      await throttle.giveBack(pair);
      return refuse('REQUEST_LIMIT');
    }
    // Past the username's budget nothing is refused, but a password alone no longer tells.
    const open = await throttle.take(`admin-login:account:${username}`, openPerUsername, windowMs);
    const tickets = open ? [pair, address, open] : [pair, address];
    const giveBack = () => Promise.all(tickets.map((ticket) => throttle.giveBack(ticket)));
    const failed = async (why: string) => {
      await audit.record(actor, { action: 'operator.login_failed', targetType: 'operator', targetId: username, after: { why } });
      if (!open && !request.code) return { step: 'code' as const };
      return refuse('WRONG_CREDENTIAL');
    };

    const op = await db.selectFrom('operator').selectAll().where('username', '=', username).executeTakeFirst();
    // An unknown username costs the same time as a wrong password.
    const matches = await passwords.verify(op?.password_hash ?? (await passwords.dummyHash()), request.password);
    if (!op || !matches || op.status !== 'active') return failed('password');
    actor.operatorId = op.id;

    if (!request.code) {
      // The password was right: not a failure, but not a login either.
      await giveBack();
      // While the username is guessed at, a right password must not enrol an authenticator either:
      // an operator not yet enrolled does so once the failures fall under the budget.
      if (op.totp_secret || !open) return { step: 'code' as const };
      let secret = op.totp_pending_secret;
      if (!secret) {
        secret = newTotpSecret();
        await db.updateTable('operator').set({ totp_pending_secret: secret }).where('id', '=', op.id).where('totp_secret', 'is', null).execute();
      }
      return { step: 'enrol' as const, ...(await enrolment(secret, op.username)) };
    }

    const secret = op.totp_secret ?? op.totp_pending_secret;
    const step = secret ? totpStep(secret, request.code, this.deps.clock.now()) : null;
    if (step === null) return failed('code');
    // Accepts this step once: a replayed code (or a second login racing this one with it) is refused.
    const accepted = await db.updateTable('operator')
      .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step })
      .where('id', '=', op.id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', BigInt(step))]))
      .returning('id').executeTakeFirst();
    if (!accepted) return failed('code reused');
    await giveBack();

    const token = randomBytes(32).toString('base64url');
    await db.insertInto('operator_session').values({
      id: randomUUID(), operator_id: op.id, token_hash: hashToken(token),
      expires_at: new Date(this.deps.clock.now().getTime() + OPERATOR_SESSION_TTL_MS), revoked_at: null,
      ip: client.ip, user_agent: client.userAgent?.slice(0, 300) ?? null,
    }).execute();
    await audit.record(actor, { action: op.totp_secret ? 'operator.login' : 'operator.enrol', targetType: 'operator', targetId: op.id });
    return { step: 'signedIn' as const, token, operator: await this.view(op.id) };
  }

  /**
   * The person, not only the session: a code of the operator's enrolled authenticator whose
   * 30-second step is after every step accepted before (`totp_last_step`, shared with the login),
   * so a code seen over a shoulder, or the one that signed the session in, is spent.
   * APPROVAL_CODE_INVALID otherwise, and REQUEST_LIMIT past ACTION_CODE_LIMITS wrong codes.
   */
  async confirmCode(operatorId: number, code: string): Promise<void> {
    const { db, throttle, clock } = this.deps;
    const ticket = await throttle.take(`admin-action-code:${operatorId}`, ACTION_CODE_LIMITS.perOperator, ACTION_CODE_LIMITS.windowMs);
    if (!ticket) return refuse('REQUEST_LIMIT');
    const op = await db.selectFrom('operator').select('totp_secret').where('id', '=', operatorId).executeTakeFirst();
    const step = op?.totp_secret ? totpStep(op.totp_secret, code, clock.now()) : null;
    if (step === null) return refuse('APPROVAL_CODE_INVALID');
    const accepted = await db.updateTable('operator').set({ totp_last_step: step })
      .where('id', '=', operatorId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', BigInt(step))]))
      .returning('id').executeTakeFirst();
    if (!accepted) return refuse('APPROVAL_CODE_INVALID');
    await throttle.giveBack(ticket);
  }

  /** The operator behind a token, or null when unknown, expired, revoked or disabled. */
  async authenticate(token: string): Promise<OperatorIdentity | null> {
    if (token.length > 200) return null;
    const row = await this.deps.db.selectFrom('operator_session')
      .innerJoin('operator', 'operator.id', 'operator_session.operator_id')
      .select(['operator_session.id', 'operator_session.expires_at', 'operator_session.revoked_at', 'operator.id as operator_id', 'operator.username', 'operator.name', 'operator.role', 'operator.status'])
      .where('operator_session.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row || row.revoked_at || row.expires_at.getTime() <= this.deps.clock.now().getTime() || row.status !== 'active') return null;
    return { operatorId: row.operator_id, username: row.username, name: row.name, role: row.role, sessionId: row.id };
  }

  async logout(identity: OperatorIdentity, ip: string): Promise<void> {
    await this.deps.db.updateTable('operator_session').set({ revoked_at: this.deps.clock.now() })
      .where('id', '=', identity.sessionId).where('revoked_at', 'is', null).execute();
    await this.deps.audit.record({ operatorId: identity.operatorId, username: identity.username, ip }, { action: 'operator.logout', targetType: 'operator', targetId: identity.operatorId });
  }
}
