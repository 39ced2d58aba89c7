import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ADMIN_PAGE_SIZE, toMajor } from '../../../contract';
import type { DB } from '../../db/schema';
import { refuse } from '../../errors';
import type { Passwords } from '../account/passwords';
import type { Sessions } from '../sessions/sessions';
import type { MoneyContext } from '../wallet/money-context';
import { syncGameBalance } from '../wallet/game-sync';
import { statementPage } from '../wallet/statement';
import type { Actor, AuditLog } from './audit';

const SUMMARY = ['id', 'username', 'name', 'bank_code', 'bank_account_no', 'status', 'created_at'] as const;

interface SummaryRow { id: number; username: string; name: string; bank_code: string; bank_account_no: string; status: 'active' | 'locked'; created_at: Date }

const summary = (r: SummaryRow) => ({
  id: r.id, username: r.username, name: r.name, bankCode: r.bank_code, bankAccountNo: r.bank_account_no, status: r.status,
  createdAt: r.created_at.toISOString(),
});

/** Letters and digits that cannot be mistaken for each other when read out on the phone. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Members as support sees them: search, one member's whole picture, lock and password reset. */
export class MemberDesk {
  constructor(private readonly deps: { db: Kysely<DB>; money: MoneyContext; sessions: Sessions; audit: AuditLog; passwords: Passwords }) {}

  /** By phone, name or bank account number (digits match anywhere in the phone or account). */
  async search(q: string, page: number) {
    let query = this.deps.db.selectFrom('member');
    if (q) {
      const like = `%${q.replace(/[%_\\]/g, '\\$&')}%`;
      const digits = q.replace(/\D/g, '');
      query = query.where((eb) => eb.or([
        eb('name', 'ilike', like),
        eb('username', 'like', like),
        eb('bank_account_no', 'like', like),
        ...(digits.length >= 3 ? [eb('username', 'like', `%${digits}%`), eb(sql<string>`replace(bank_account_no, '-', '')`, 'like', `%${digits}%`)] : []),
        ...(/^\d+$/.test(q) && q.length <= 9 ? [eb('id', '=', Number(q))] : []),
      ]));
    }
    const [{ total }, rows] = await Promise.all([
      query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      query.select(SUMMARY).orderBy('id', 'desc').limit(ADMIN_PAGE_SIZE).offset((page - 1) * ADMIN_PAGE_SIZE).execute(),
    ]);
    return { total: Number(total), items: rows.map(summary) };
  }

  private async summaryOf(memberId: number) {
    const row = await this.deps.db.selectFrom('member').select(SUMMARY).where('id', '=', memberId).executeTakeFirst();
    if (!row) return refuse('NOT_FOUND');
    return summary(row);
  }

  /**
   * The member's whole picture. Each active game's balance is read from its provider first (a
   * provider that does not answer keeps its last figure), and every game balance says when it
   * was read (issue 27: the page showed figures from before the member's last bets).
   */
  async detail(memberId: number) {
    const { db } = this.deps;
    const member = await db.selectFrom('member').selectAll().where('id', '=', memberId).executeTakeFirst();
    if (!member) return refuse('NOT_FOUND');
    const active = await db.selectFrom('game_account').select('provider_code').where('member_id', '=', memberId).where('is_active', '=', true).execute();
    await Promise.all(active.map((g) => syncGameBalance(this.deps.money, memberId, g.provider_code).catch(() => false)));
    const [accounts, games, sessions] = await Promise.all([
      db.selectFrom('ledger_account').select(['kind', 'code', 'balance']).where('member_id', '=', memberId).execute(),
      db.selectFrom('game_account').select(['provider_code', 'is_active', 'username', 'synced_at']).where('member_id', '=', memberId).orderBy('provider_code').execute(),
      db.selectFrom('session').select(['id', 'created_at', 'expires_at', 'ip', 'user_agent'])
        .where('member_id', '=', memberId).where('revoked_at', 'is', null).where('expires_at', '>', new Date())
        .orderBy('created_at', 'desc').limit(50).execute(),
    ]);
    const balance = (kind: string, code: string) => BigInt(accounts.find((a) => a.kind === kind && a.code === code)?.balance ?? 0);
    return {
      member: { ...summary(member), bankAccountName: member.bank_account_name, currency: member.currency, coin: member.coin },
      wallet: toMajor(balance('wallet', 'main')),
      games: games.map((g) => ({
        code: g.provider_code, isActive: g.is_active, amount: toMajor(balance('game', g.provider_code)), username: g.username,
        syncedAt: g.synced_at?.toISOString() ?? null,
      })),
      sessions: sessions.map((s) => ({ id: s.id, createdAt: s.created_at.toISOString(), expiresAt: s.expires_at.toISOString(), ip: s.ip, userAgent: s.user_agent })),
    };
  }

  /** The member's statement: the same view of the ledger the member reads. */
  async ledger(memberId: number, page: number) {
    await this.summaryOf(memberId);
    const { total, statements } = await statementPage(this.deps.money, memberId, { page, limit: ADMIN_PAGE_SIZE });
    return { total, items: statements };
  }

  async lock(memberId: number, reason: string, actor: Actor) {
    return this.setStatus(memberId, 'locked', actor, reason);
  }

  async unlock(memberId: number, actor: Actor) {
    return this.setStatus(memberId, 'active', actor);
  }

  private async setStatus(memberId: number, status: 'active' | 'locked', actor: Actor, reason?: string) {
    const before = await this.summaryOf(memberId);
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('member').set({ status }).where('id', '=', memberId).execute();
      await this.deps.audit.record(actor, {
        action: status === 'locked' ? 'member.lock' : 'member.unlock', targetType: 'member', targetId: memberId,
        before: { status: before.status }, after: { status, ...(reason ? { reason } : {}) },
      }, trx);
    });
    // A locked member's sessions end now, on every node (sessions are refused for a locked member as well).
    if (status === 'locked') await this.deps.sessions.revokeAll(memberId);
    return this.summaryOf(memberId);
  }

  /** A new random password, shown once to the operator to pass on; the member's sessions end. */
  async resetPassword(memberId: number, actor: Actor) {
    await this.summaryOf(memberId);
    const password = Array.from({ length: 10 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
    const hash = await this.deps.passwords.hash(password);
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('member').set({ password_hash: hash, password_changed_at: new Date() }).where('id', '=', memberId).execute();
      await this.deps.audit.record(actor, { action: 'member.password_reset', targetType: 'member', targetId: memberId }, trx);
    });
    await this.deps.sessions.revokeAll(memberId);
    return { password };
  }
}
