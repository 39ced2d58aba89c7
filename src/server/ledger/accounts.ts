import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

/** A ledger account named in the product's words rather than by id. */
export type AccountRef =
  | { kind: 'wallet'; memberId: number }
  | { kind: 'game'; memberId: number; code: string }
  | { kind: 'house'; code: string };

/** The house's side of every movement. None keeps a cached balance (see the 0003 migration). */
export const HOUSE = {
  /** Money on its way to or from a game provider, between reserve and settle (one per provider). */
  transfersInFlight: (providerCode: string) => `transfers_in_flight:${providerCode}`,
  /** Money held for a withdrawal until it is paid or rejected. */
  withdrawalsInFlight: 'withdrawals_in_flight',
  /** Money paid out to members' banks. */
  bankPayouts: 'bank_payouts',
  /** What a game provider holds for our members; wins and losses move against it. */
  gameFloat: (providerCode: string) => `game_float:${providerCode}`,
  /** Deposits received, by channel. */
  deposits: (channel: string) => `deposits:${channel}`,
  /** Bonuses, promotions, invite and refund payouts. */
  bonusExpense: 'bonus_expense',
} as const;

export const wallet = (memberId: number): AccountRef => ({ kind: 'wallet', memberId });
export const game = (memberId: number, code: string): AccountRef => ({ kind: 'game', memberId, code });
export const house = (code: string): AccountRef => ({ kind: 'house', code });

const keyOf = (ref: AccountRef, currency: string) =>
  ref.kind === 'house' ? `house|${ref.code}|${currency}` : `${ref.kind}|${ref.memberId}|${ref.kind === 'game' ? ref.code : ''}`;

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Account ids never change once made, so they are cached per process, but only ids known to
 * be committed: member accounts (made with the member) and house accounts made by
 * `prepareHouseAccounts` at start. A house account first met inside a transaction is made
 * there and not cached, since that transaction may still roll back.
 */
export class AccountDirectory {
  private ids = new Map<string, bigint>();

  /** Makes (or finds) house accounts outside any transaction and caches their ids. */
  async prepareHouseAccounts(db: Kysely<DB>, codes: readonly string[], currencies: readonly string[]) {
    for (const currency of currencies) {
      for (const code of codes) {
        const id = await this.findOrMakeHouse(db, code, currency);
        this.ids.set(keyOf(house(code), currency), id);
      }
    }
  }

  async idOf(db: Db, ref: AccountRef, currency: string): Promise<bigint | undefined> {
    const key = keyOf(ref, currency);
    const cached = this.ids.get(key);
    if (cached !== undefined) return cached;
    if (ref.kind === 'house') return this.findOrMakeHouse(db, ref.code, currency);
    const row = await db.selectFrom('ledger_account').select('id')
      .where('member_id', '=', ref.memberId).where('kind', '=', ref.kind)
      .where('code', '=', ref.kind === 'game' ? ref.code : 'main')
      .executeTakeFirst();
    if (!row) return undefined;
    // Member accounts are made in the member's registration transaction, long committed.
    this.ids.set(key, BigInt(row.id));
    return BigInt(row.id);
  }

  private async findOrMakeHouse(db: Db, code: string, currency: string): Promise<bigint> {
    await db
      .insertInto('ledger_account')
      .values({ member_id: null, kind: 'house', code, currency })
      .onConflict((oc) => oc.columns(['code', 'currency']).where('member_id', 'is', null).doNothing())
      .execute();
    const row = await db.selectFrom('ledger_account').select('id')
      .where('member_id', 'is', null).where('code', '=', code).where('currency', '=', currency)
      .executeTakeFirstOrThrow();
    return BigInt(row.id);
  }
}

/** Opens a new member's wallet and one (inactive) game account per provider, in the caller's transaction. */
export async function openLedgerAccounts(db: Db, memberId: number, currency: string, providerCodes: readonly string[]) {
  await db
    .insertInto('ledger_account')
    .values([
      { member_id: memberId, kind: 'wallet', code: 'main', currency },
      ...providerCodes.map((code) => ({ member_id: memberId, kind: 'game' as const, code, currency })),
    ])
    .execute();
  if (providerCodes.length) {
    await db
      .insertInto('game_account')
      .values(providerCodes.map((code) => ({ member_id: memberId, provider_code: code, username: null, password: null, activated_at: null, synced_at: null })))
      .execute();
  }
}

/** The member's cached balances, keyed 'wallet' or the game code. */
export async function memberBalances(db: Db, memberId: number): Promise<Map<string, bigint>> {
  const rows = await db.selectFrom('ledger_account').select(['kind', 'code', 'balance']).where('member_id', '=', memberId).execute();
  return new Map(rows.map((r) => [r.kind === 'wallet' ? 'wallet' : r.code, BigInt(r.balance)]));
}

export const lockTimeout = (ms: number) => sql.raw(`set local lock_timeout = '${Math.floor(ms)}ms'`);
