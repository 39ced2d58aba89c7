import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../src/contract';
import { pickLanguage } from '../../src/server/content/localized-text';
import { languageOfHeader } from '../../src/server/content/request-language';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { latestSms, nextIp, nextPhone, post } from './helpers/accounts';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';

const THAI = /[\u0E00-\u0E7F]/;
const LAO = /[\u0E80-\u0EFF]/;
/** What the wallet client sends for each of its languages (src/client/api/http.ts). */
const HEADER: Record<Locale, string> = { th: 'th', la: 'lo', en: 'en' };
/** A text in this language: Thai or Lao script, or Latin letters with neither. */
const inLanguage = (language: Locale, text: string) =>
  language === 'th' ? THAI.test(text) && !LAO.test(text) : language === 'la' ? LAO.test(text) && !THAI.test(text) : /[A-Za-z]/.test(text) && !THAI.test(text) && !LAO.test(text);

describe('the caller language', () => {
  it.each([
    ['th', 'th'],
    ['lo', 'la'],
    ['la', 'la'],
    ['en-US,en;q=0.9', 'en'],
    ['lo-LA, th;q=0.8', 'la'],
    ['fr, th;q=0.5, en;q=0.7', 'en'],
    ['de, en;q=0', undefined],
    ['fr', undefined],
    ['', undefined],
  ] as const)('Accept-Language %j reads %s', (header, language) => {
    expect(languageOfHeader(header)).toBe(language);
  });

  it('picks the language, then the fallback order, then any text', () => {
    const text = { th: 'ไทย', en: 'English' };
    expect(pickLanguage(text, 'th', ['en'], '')).toBe('ไทย');
    expect(pickLanguage(text, 'la', ['en', 'th'], '')).toBe('English');
    expect(pickLanguage(text, 'la', ['th', 'en'], '')).toBe('ไทย');
    expect(pickLanguage({ la: 'ລາວ' }, 'en', ['th'], '')).toBe('ລາວ');
    expect(pickLanguage({ en: [], th: ['<p>x</p>'] }, 'en', [], [])).toEqual(['<p>x</p>']);
    expect(pickLanguage(undefined, 'en', ['th'], 'none')).toBe('none');
  });
});

describe.each(engines)('operator content per language on %s', (engine) => {
  describe.each(['TH', 'LA'] as const)('in the %s build', (country) => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await build(engine, { COUNTRY: country });
      const m = await seedMember(t.app);
      const bankCode = country === 'LA' ? 'BCEL' : 'KBANK';
      await t.app.ctx.db.updateTable('member').set({ country, currency: country === 'LA' ? 'LAK' : 'BAHT', bank_code: bankCode }).where('id', '=', m.id).execute();
      token = m.token;
    });
    afterAll(async () => { await t.close(); });

    const get = (path: string, language: Locale, withToken = false) =>
      t.app.inject({ method: 'GET', url: path, headers: clientHeaders(withToken ? token : undefined, { 'accept-language': HEADER[language] }) });

    it.each(['th', 'la', 'en'] as const)('answers every seeded text in %s', async (language) => {
      const conditions = await get('/api/lookup/conditions', language);
      expect(conditions.headers.vary).toContain('Accept-Language');
      const agreements = (await get('/api/lookup/agreements', language)).json() as string[];
      const { notice } = (await get('/api/lookup/notice', language)).json();
      const { contactText } = (await get('/api/lookup/contact', language)).json();
      const sources = (await get('/api/lookup/sources', language)).json() as { code: string; description: string }[];
      const texts = [...(conditions.json() as string[]), ...agreements, notice, contactText, sources.find((s) => s.code === 'FRIEND')!.description];
      expect(texts.length).toBeGreaterThanOrEqual(9);
      for (const text of texts) expect(inLanguage(language, text), text).toBe(true);
      expect(notice).toContain('50%');
    });

    it.each(['th', 'la', 'en'] as const)('names banks in %s the same way on every screen', async (language) => {
      const banks = (await get('/api/lookup/banks', language)).json() as { code: string; nameTH: string; nameEN: string; name: string }[];
      for (const b of banks) expect(inLanguage(language, b.name), `${b.code} ${b.name}`).toBe(true);
      // SPEC's fields keep their meaning: the build's local script, and English.
      for (const b of banks) expect(b.nameTH).toMatch(country === 'LA' ? LAO : THAI);
      const own = banks.find((b) => b.code === (country === 'LA' ? 'BCEL' : 'KBANK'))!;

      const deposit = (await get('/api/lookup/deposit', language, true)).json();
      const home = (await get('/api/wallet', language, true)).json();
      const profile = (await get('/api/account/profile', language, true)).json();
      expect(deposit.banks[0].bank.name).toBe(own.name);
      expect(home.bankAccount.bank.name).toBe(own.name);
      expect(profile.bankAccount.bank).toEqual({ nameTH: own.nameTH, nameEN: own.nameEN, name: own.name });
    });

    it("without a language of ours, answers the operator's first language", async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/lookup/contact', headers: clientHeaders(undefined, { 'accept-language': 'fr' }) });
      expect(inLanguage(country === 'LA' ? 'la' : 'th', res.json().contactText)).toBe(true);
    });
  });

  describe('settings the operator writes', () => {
    let t: TestApp;
    beforeAll(async () => { t = await build(engine); });
    afterAll(async () => { await t.close(); });
    const get = (path: string, language: string) =>
      t.app.inject({ method: 'GET', url: path, headers: clientHeaders(undefined, { 'accept-language': language }) });

    it('follow the fallback order for a text missing in the caller language', async () => {
      const { settings } = t.app.ctx;
      await settings.set('notice.TH', { text: { th: 'ไทย {percentFail}%', en: 'English {percentFail}%' }, percentFail: 30 });
      // The seeded order for Thailand: th, en, la.
      expect((await get('/api/lookup/notice', 'lo')).json()).toEqual({ notice: 'ไทย 30%', percentFail: 30 });
      await settings.set('content.fallback.TH', ['en', 'th']);
      expect((await get('/api/lookup/notice', 'lo')).json()).toEqual({ notice: 'English 30%', percentFail: 30 });
      await settings.set('content.fallback.TH', ['th', 'en']);
      expect((await get('/api/lookup/notice', 'lo')).json()).toEqual({ notice: 'ไทย 30%', percentFail: 30 });
      expect((await get('/api/lookup/notice', 'en')).json()).toEqual({ notice: 'English 30%', percentFail: 30 });
      await settings.set('content.fallback.TH', ['th', 'en', 'la']);
    });

    it('read a text written before texts had languages as the country language', async () => {
      await t.app.ctx.settings.set('conditions.TH', ['<p>เงื่อนไขเดิม</p>']);
      for (const language of ['th', 'en', 'lo']) {
        expect((await get('/api/lookup/conditions', language)).json()).toEqual(['<p>เงื่อนไขเดิม</p>']);
      }
    });

    it('have their html sanitised on the server in every language', async () => {
      await t.app.ctx.settings.set('agreements.TH', {
        version: 1,
        items: {
          th: ['<p onclick="steal()">ข้อตกลง<script>alert(1)</script></p>'],
          en: ['<p>Terms <a href="javascript:alert(1)">here</a> <img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe></p>'],
        },
      });
      const th = (await get('/api/lookup/agreements', 'th')).json() as string[];
      const en = (await get('/api/lookup/agreements', 'en')).json() as string[];
      expect(th).toEqual(['<p>ข้อตกลง</p>']);
      expect(en[0]).not.toMatch(/javascript|onerror|iframe|script/);
      expect(en[0]).toContain('Terms');
    });
  });

  describe('the OTP SMS', () => {
    let t: TestApp;
    beforeAll(async () => { t = await build(engine); });
    afterAll(async () => { await t.close(); });

    it.each([
      ['th', THAI],
      ['lo', LAO],
      ['en', /^Your OTP code is [0-9]{6}/],
    ] as const)('is written in the language the client sends on otp/send (%s)', async (header, script) => {
      const phone = nextPhone();
      const sent = await post(t.app, '/api/otp/send', { phoneNumber: phone }, nextIp(), { 'accept-language': header });
      expect(sent.statusCode).toBe(200);
      const sms = await latestSms(t.app, phone);
      expect(sms!.text).toMatch(script);
      expect(sms!.text).toContain(sms!.code);
      expect(sms!.text).toContain(sent.json().otpRef);
    });

    it("is in the country's language when the client names none", async () => {
      const phone = nextPhone();
      expect((await post(t.app, '/api/otp/send', { phoneNumber: phone }, nextIp())).statusCode).toBe(200);
      expect((await latestSms(t.app, phone))!.text).toMatch(THAI);
    });
  });
});
