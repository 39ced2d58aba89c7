import type { FastifyInstance } from 'fastify';
import { toMinor } from '../../../src/contract';
import { house, wallet } from '../../../src/server/ledger/accounts';
import { openMemberAccounts } from '../../../src/server/ledger/member-accounts';
import { postEntry } from '../../../src/server/ledger/post';

let counter = 0;

/**
 * Inserts a member straight into the database (bypassing registration, which has its own
 * tests) and returns it with a fresh session token. A LAK member is a Lao member of BCEL.
 */
export async function seedMember(app: FastifyInstance, overrides: Partial<{ username: string; name: string; status: 'active' | 'locked'; currency: 'BAHT' | 'LAK' }> = {}) {
  const lao = overrides.currency === 'LAK';
  counter += 1;
  const suffix = `${process.pid % 1000}`.padStart(3, '0') + `${counter}`.padStart(4, '0');
  const member = await app.ctx.db.transaction().execute(async (trx) => {
    const m = await trx
      .insertInto('member')
      .values({
        username: overrides.username ?? `081${suffix}`.slice(0, 10),
        name: overrides.name ?? 'Test Member',
        password_hash: 'not-a-real-hash',
        country: lao ? 'LA' : 'TH',
        currency: overrides.currency ?? 'BAHT',
        bank_code: lao ? 'BCEL' : 'SCB',
        bank_account_name: 'TEST MEMBER',
        bank_account_no: `123${suffix}`,
        source_code: null,
        referrer_id: null,
        ...(overrides.status ? { status: overrides.status } : {}),
      })
      .returning(['id', 'username'])
      .executeTakeFirstOrThrow();
    await openMemberAccounts(trx, m.id);
    return m;
  });
  const token = await app.ctx.sessions.create(member.id, { persistent: false });
  return { ...member, token };
}

/** Credits a member's wallet as a bank deposit would, in the member's currency (deposits have their own tests). */
export async function fundWallet(app: FastifyInstance, memberId: number, amount: number) {
  const { currency } = await app.ctx.db.selectFrom('member').select('currency').where('id', '=', memberId).executeTakeFirstOrThrow();
  await app.ctx.db.transaction().execute((trx) =>
    postEntry(trx, app.wallet.money.accounts, {
      kind: 'deposit', memberId, currency,
      postings: [{ account: wallet(memberId), amount: toMinor(amount) }, { account: house('deposits:test'), amount: -toMinor(amount) }],
    }),
  );
}
