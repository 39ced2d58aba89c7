import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { depositClient, encryptLink } from './helpers/deposits';
import { seedMember } from './helpers/members';

/** Slip uploads and True Wallet links are limited per member and minute (30), whatever the sessions. */
const PER_MINUTE = 30;

describe.each(engines)('deposit request limits per member on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The member logged in twice: two tokens, one member. */
  async function twoSessions() {
    const m = await seedMember(t.app);
    const second = await t.app.ctx.sessions.create(m.id, { persistent: false });
    return { m, first: depositClient(t.app, m.token), second: depositClient(t.app, second) };
  }

  it.each([
    ['True Wallet links', (d: ReturnType<typeof depositClient>) => d.truelink(encryptLink('https://gift.truemoney.com/campaign/?v=nosuchvoucher'))],
    ['slip uploads', (d: ReturnType<typeof depositClient>) => d.uploadSlip(Buffer.from('not an image at all, refused by its bytes'))],
  ])('counts %s of two logins together', async (_name, call) => {
    const { first, second } = await twoSessions();
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE; i++) statuses.push((await call(i % 2 === 0 ? first : second)).statusCode);
    expect(statuses).not.toContain(429);
    const beyond = await call(second);
    expect(beyond.statusCode).toBe(429);
    expect(beyond.json()).toEqual({ message: 'REQUEST_LIMIT' });
    expect((await call(first)).statusCode).toBe(429);

    // Another member is not held back by this one.
    const other = await twoSessions();
    expect((await call(other.first)).statusCode).not.toBe(429);
  });
});
