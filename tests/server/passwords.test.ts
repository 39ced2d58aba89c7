import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { Passwords, passwordCostOf } from '../../src/server/modules/account/passwords';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { login, nextIp } from './helpers/accounts';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';
import { PRODUCTION_PASSWORD_COST, TEST_PASSWORD_COST } from './helpers/password-cost';

/** The parameters an encoded argon2 hash carries: `$argon2id$v=19$m=65536,p=4,t=3$salt$hash`. */
const costOf = (hash: string) =>
  Object.fromEntries(hash.split('$')[3]!.split(',').map((pair) => pair.split('=')).map(([key, value]) => [key, Number(value)]));

const LIVE = {
  NODE_ENV: 'production', APP_MODE: 'live', SMS_GATEWAY_URL: 'https://sms.example', SMS_GATEWAY_TOKEN: 't',
  GAME_PROVIDER_URL: 'https://games.example', GAME_PROVIDER_SECRET: 's', TRUEWALLET_LINK_KEY: 'k', TRUEWALLET_MOBILE: '0800000000',
  SLIP_VERIFY_URL: 'https://slips.example', SLIP_VERIFY_TOKEN: 't', PAYMENT_GATEWAY_URL: 'https://pay.example', PAYMENT_GATEWAY_SECRET: 's',
  DATABASE_URL: 'postgres://db.example/wallet',
};

describe('the password hash cost', () => {
  it('defaults to argon2id at 64 MiB and 3 passes, the cost of every hash made before it was configurable', async () => {
    const config = loadConfig({});
    expect([config.PASSWORD_HASH_MEMORY_KIB, config.PASSWORD_HASH_PASSES]).toEqual([65_536, 3]);
    const hash = await new Passwords(passwordCostOf(config)).hash('secret123');
    expect(hash.startsWith('$argon2id$v=19$')).toBe(true);
    expect(costOf(hash)).toEqual({ m: 65_536, t: 3, p: 4 });
  });

  it('hashes at the configured cost, and a hash verifies whatever cost the checker is configured with', async () => {
    const low = new Passwords(passwordCostOf(loadConfig(TEST_PASSWORD_COST)));
    const production = new Passwords(passwordCostOf(loadConfig({})));
    const cheap = await low.hash('secret123');
    expect(costOf(cheap)).toEqual({ m: 1024, t: 1, p: 4 });
    expect(await low.verify(cheap, 'secret123')).toBe(true);
    expect(await low.verify(cheap, 'secret124')).toBe(false);
    expect(await production.verify(cheap, 'secret123')).toBe(true);
    const dear = await production.hash('secret123');
    expect(await low.verify(dear, 'secret123')).toBe(true);
    expect(await low.verify(dear, 'secret124')).toBe(false);
    expect(costOf(await low.dummyHash())).toEqual({ m: 1024, t: 1, p: 4 });
  });

  it('refuses NODE_ENV=production below 19 MiB and 2 passes, and starts with the defaults', () => {
    expect(loadConfig(LIVE)).toMatchObject({ PASSWORD_HASH_MEMORY_KIB: 65_536, PASSWORD_HASH_PASSES: 3 });
    expect(loadConfig({ ...LIVE, PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_PASSES: '2' })).toMatchObject({ PASSWORD_HASH_MEMORY_KIB: 19_456 });
    expect(() => loadConfig({ ...LIVE, ...TEST_PASSWORD_COST })).toThrow(/PASSWORD_HASH_MEMORY_KIB/);
    expect(() => loadConfig({ ...LIVE, PASSWORD_HASH_PASSES: '1' })).toThrow(/PASSWORD_HASH_MEMORY_KIB/);
    expect(() => loadConfig({ ...LIVE, PASSWORD_HASH_MEMORY_KIB: '8192' })).toThrow(/PASSWORD_HASH_MEMORY_KIB/);
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_MEMORY_KIB: '0' })).toThrow(/PASSWORD_HASH_MEMORY_KIB/);
  });
});

describe.each(engines)('passwords made at another cost on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await build(engine); });
  afterAll(async () => { await t.close(); });

  it('lets a member whose password was hashed at production cost log in on a server hashing at a lower one', async () => {
    const m = await seedMember(t.app);
    const dear = await new Passwords(passwordCostOf(loadConfig(PRODUCTION_PASSWORD_COST))).hash('secret123');
    await t.app.ctx.db.updateTable('member').set({ password_hash: dear }).where('id', '=', m.id).execute();
    const ip = nextIp();
    expect((await login(t.app, m.username, 'secret124', ip)).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    const res = await login(t.app, m.username, 'secret123', ip);
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().token).toBe('string');
    // The seeded session and the one this login opened.
    expect(await t.app.ctx.db.selectFrom('session').select('member_id').where('member_id', '=', m.id).execute()).toHaveLength(2);
  });

  it('changes a password at the server\'s cost', async () => {
    const m = await seedMember(t.app);
    await t.app.ctx.db.updateTable('member').set({ password_hash: await t.app.ctx.passwords.hash('secret123') }).where('id', '=', m.id).execute();
    const res = await t.app.inject({
      method: 'PUT', url: '/api/account/changepwd', headers: clientHeaders(m.token),
      payload: { oldPassword: 'secret123', newPassword: 'secret456' },
    });
    expect(res.statusCode).toBe(200);
    const row = await t.app.ctx.db.selectFrom('member').select('password_hash').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(costOf(row.password_hash)).toEqual({ m: 1024, t: 1, p: 4 });
    expect((await login(t.app, m.username, 'secret456', nextIp())).statusCode).toBe(200);
  });
});
