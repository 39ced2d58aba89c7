import type { FastifyInstance } from 'fastify';

let counter = 0;

/**
 * Inserts a member straight into the database (bypassing registration, which has its own
 * tests) and returns it with a fresh session token.
 */
export async function seedMember(app: FastifyInstance, overrides: Partial<{ username: string; name: string; status: 'active' | 'locked' }> = {}) {
  counter += 1;
  const suffix = `${process.pid % 1000}`.padStart(3, '0') + `${counter}`.padStart(4, '0');
  const member = await app.ctx.db
    .insertInto('member')
    .values({
      username: overrides.username ?? `081${suffix}`.slice(0, 10),
      name: overrides.name ?? 'Test Member',
      password_hash: 'not-a-real-hash',
      country: 'TH',
      currency: 'BAHT',
      bank_code: 'SCB',
      bank_account_name: 'TEST MEMBER',
      bank_account_no: `123${suffix}`,
      source_code: null,
      referrer_id: null,
      ...(overrides.status ? { status: overrides.status } : {}),
    })
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow();
  const token = await app.ctx.sessions.create(member.id, { persistent: false });
  return { ...member, token };
}
