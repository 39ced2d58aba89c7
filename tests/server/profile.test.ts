import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { login, nextAccountNo, seedMemberWithPassword } from './helpers/accounts';
import { engines } from './helpers/db';

describe.each(engines)('profile, bank account name, password and agreement on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await build(engine); });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const setBank = (memberId: number, bank_code: string, bank_account_name: string) =>
    t.app.ctx.db.updateTable('member').set({ bank_code, bank_account_name }).where('id', '=', memberId).execute();

  describe('profile', () => {
    it("answers the caller's own profile and bank account, with the bank's names", async () => {
      const a = await seedMemberWithPassword(t.app, 'secret123', { name: 'Member A' });
      const b = await seedMemberWithPassword(t.app, 'secret123', { name: 'Member B' });
      const res = await call('GET', '/api/account/profile', a.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        profile: { _id: String(a.id), username: a.username, name: 'Member A', createdAt: expect.any(String) },
        bankAccount: { bankCode: 'SCB', bankAccountName: 'TEST MEMBER', bankAccountNo: expect.any(String), // No Accept-Language: the operator's first language (Thai) names the bank.
        bank: { nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank', name: 'ธนาคารไทยพาณิชย์' } },
      });
      expect((await call('GET', '/api/account/profile', b.headers)).json().profile.name).toBe('Member B');
      expect((await call('GET', '/api/account/profile', clientHeaders())).json()).toEqual({ message: 'invalid-token' });
    });

    it("changes the caller's name only, and leaves other members alone", async () => {
      const a = await seedMemberWithPassword(t.app, 'secret123', { name: 'Member A' });
      const b = await seedMemberWithPassword(t.app, 'secret123', { name: 'Member B' });
      const mine = (await call('GET', '/api/account/profile', a.headers)).json().bankAccount;
      const res = await call('PUT', '/api/account/profile', a.headers, { name: 'Renamed A', bankCode: mine.bankCode, bankAccountName: mine.bankAccountName, bankAccountNo: mine.bankAccountNo });
      expect(res.statusCode).toBe(200);
      expect(res.json().profile.name).toBe('Renamed A');
      expect((await call('GET', '/api/account/profile', b.headers)).json().profile.name).toBe('Member B');
    });

    it('refuses a bank change with INVALID_BANK unless the operator allows it, then applies the bank rules', async () => {
      const a = await seedMemberWithPassword(t.app, 'secret123');
      const other = await seedMemberWithPassword(t.app, 'secret123');
      const otherBank = (await call('GET', '/api/account/profile', other.headers)).json().bankAccount;
      const change = (body: object) => call('PUT', '/api/account/profile', a.headers, { name: 'Member A', ...body });
      const newAccount = { bankCode: 'KBANK', bankAccountName: 'MEMBER A', bankAccountNo: nextAccountNo() };
      expect((await change(newAccount)).json()).toEqual({ message: 'INVALID_BANK' });

      await t.app.ctx.settings.set('account.memberMayChangeBank', true);
      try {
        expect((await change({ ...newAccount, bankCode: 'KTB', bankAccountName: 'สมชาย' })).json()).toEqual({ message: 'BANK_ACCOUNT_NAME_ENG' });
        expect((await change({ bankCode: otherBank.bankCode, bankAccountName: 'MEMBER A', bankAccountNo: otherBank.bankAccountNo })).json()).toEqual({ message: 'EXISTING_BANK' });
        const ok = await change(newAccount);
        expect(ok.statusCode).toBe(200);
        expect(ok.json().bankAccount).toMatchObject({ bankCode: 'KBANK', bankAccountNo: newAccount.bankAccountNo, bank: { nameEN: 'Kasikornbank' } });
      } finally {
        await t.app.ctx.settings.set('account.memberMayChangeBank', false);
      }
    });
  });

  describe('bank account name', () => {
    const rewrite = (headers: Record<string, string>, bankCode: string, bankAccountName: string) =>
      call('PUT', '/api/account/bankAccountName', headers, { bankCode, bankAccountName });

    it('rewrites a Thai name at KTB, TMB or BBL in upper-case English', async () => {
      for (const bank of ['KTB', 'TMB', 'BBL']) {
        const m = await seedMemberWithPassword(t.app, 'secret123');
        await setBank(m.id, bank, 'สมชาย ใจดี');
        const res = await rewrite(m.headers, bank, '  somchai  jaidee ');
        expect(res.statusCode, bank).toBe(200);
        expect(res.json().bankAccount).toMatchObject({ bankCode: bank, bankAccountName: 'SOMCHAI JAIDEE' });
      }
    });

    it.each([
      ['a name with Thai letters', 'KTB', 'สมชาย ใจดี', 'KTB', 'สมชาย', 'BANK_ACCOUNT_NAME_ENG'],
      ['a name with digits', 'BBL', 'สมชาย ใจดี', 'BBL', 'SOMCHAI 1', 'BANK_ACCOUNT_NAME_ENG'],
      ['a bank that needs no English name', 'SCB', 'สมชาย ใจดี', 'SCB', 'SOMCHAI', 'INVALID_BANK'],
      ["a bank code that is not the member's", 'KTB', 'สมชาย ใจดี', 'BBL', 'SOMCHAI', 'INVALID_BANK'],
      ['a name already in English', 'TMB', 'SOMCHAI JAIDEE', 'TMB', 'SOMEONE ELSE', 'INVALID_USER_INFO'],
    ])('refuses %s', async (_name, bank, stored, bankCode, name, code) => {
      const m = await seedMemberWithPassword(t.app, 'secret123');
      await setBank(m.id, bank, stored);
      const res = await rewrite(m.headers, bankCode, name);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: code });
      const after = await t.app.ctx.db.selectFrom('member').select('bank_account_name').where('id', '=', m.id).executeTakeFirstOrThrow();
      expect(after.bank_account_name).toBe(stored);
    });
  });

  describe('change password', () => {
    const changepwd = (headers: Record<string, string>, oldPassword: string, newPassword: string) =>
      call('PUT', '/api/account/changepwd', headers, { oldPassword, newPassword });

    it('answers WRONG_PASSWORD for a wrong old password and PASSWORD_TOO_SHORT (the rule, not "some information is wrong") for a short new one', async () => {
      const m = await seedMemberWithPassword(t.app, 'secret123');
      expect((await changepwd(m.headers, 'not-it', 'newsecret')).json()).toEqual({ message: 'WRONG_PASSWORD' });
      expect((await changepwd(m.headers, 'secret123', 'short')).json()).toEqual({ message: 'PASSWORD_TOO_SHORT' });
      expect((await login(t.app, m.username, 'secret123')).statusCode).toBe(200);
    });

    it('changes the password and ends every other session, keeping the caller\'s', async () => {
      const m = await seedMemberWithPassword(t.app, 'secret123');
      const other = (await login(t.app, m.username, 'secret123')).json().token;
      const res = await changepwd(m.headers, 'secret123', 'newsecret');
      expect(res.json()).toEqual({ message: 'OK' });
      expect((await call('GET', '/api/account/profile', m.headers)).statusCode).toBe(200);
      expect((await call('GET', '/api/account/profile', clientHeaders(other))).json()).toEqual({ message: 'invalid-token' });
      expect((await login(t.app, m.username, 'secret123')).json()).toEqual({ message: 'WRONG_CREDENTIAL' });
      expect((await login(t.app, m.username, 'newsecret')).statusCode).toBe(200);
    });

    it('answers REQUEST_LIMIT after 10 wrong old passwords', async () => {
      const m = await seedMemberWithPassword(t.app, 'secret123');
      for (let i = 0; i < 10; i++) expect((await changepwd(m.headers, `wrong-${i}`, 'newsecret')).json()).toEqual({ message: 'WRONG_PASSWORD' });
      expect((await changepwd(m.headers, 'secret123', 'newsecret')).json()).toEqual({ message: 'REQUEST_LIMIT' });
    });
  });

  describe('agreement', () => {
    it('records acceptance per member and version, and asks again when the version goes up', async () => {
      const a = await seedMemberWithPassword(t.app, 'secret123');
      const b = await seedMemberWithPassword(t.app, 'secret123');
      expect((await call('GET', '/api/account/agreement', a.headers)).json()).toEqual({ version: 1, accepted: false });
      expect((await call('POST', '/api/account/agreement', a.headers, { version: 1 })).json()).toEqual({ message: 'OK' });
      expect((await call('POST', '/api/account/agreement', a.headers, { version: 1 })).json()).toEqual({ message: 'OK' });
      expect((await call('GET', '/api/account/agreement', a.headers)).json()).toEqual({ version: 1, accepted: true });
      expect((await call('GET', '/api/account/agreement', b.headers)).json()).toEqual({ version: 1, accepted: false });

      const current = await t.app.ctx.lookups.agreements();
      await t.app.ctx.settings.set('agreements.TH', { ...current, version: 2 });
      try {
        expect((await call('GET', '/api/account/agreement', a.headers)).json()).toEqual({ version: 2, accepted: false });
        expect((await call('POST', '/api/account/agreement', a.headers, { version: 1 })).json()).toEqual({ message: 'INVALID_INPUT' });
      } finally {
        await t.app.ctx.settings.set('agreements.TH', current);
      }
    });

    it('is for members only', async () => {
      expect((await call('GET', '/api/account/agreement', clientHeaders())).statusCode).toBe(401);
      expect((await call('POST', '/api/account/agreement', clientHeaders(), { version: 1 })).statusCode).toBe(401);
    });
  });
});
