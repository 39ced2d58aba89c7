import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints, type AgreementsContent, type ConditionsContent, type ContactContent, type Endpoint, type HowtoContent,
  type NoticeContent, type SwitchesConfig,
} from '../../src/contract';
import { SLIP } from '../../src/server/db/migrations/0005_member_access.seed';
import { nextIp, register, registration, verifyPhone } from './helpers/accounts';
import { build, type TestApp } from './helpers/app';
import { configClient } from './helpers/config';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';
import { seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';

const LANGUAGE_HEADERS = { th: 'th-TH,th;q=0.9', la: 'lo', en: 'en-US,en;q=0.9' } as const;

describe.each(engines)('configuration of texts and switches on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  const people = async () => {
    const admin = await operatorWith(t.app, 'admin');
    const finance = await operatorWith(t.app, 'finance');
    const support = await operatorWith(t.app, 'support');
    return { admin: { ...admin, config: configClient(t.app, admin.token) }, finance: configClient(t.app, finance.token), support: configClient(t.app, support.token) };
  };
  /** A public lookup as a member reading in `language` would get it. */
  const lookup = async <E extends Endpoint>(endpoint: E, language: keyof typeof LANGUAGE_HEADERS, token?: string) => {
    const r = await contractCaller(t.app, token)(endpoint, { headers: { 'accept-language': LANGUAGE_HEADERS[language] } });
    expect(r.statusCode, r.body).toBe(200);
    return r.answer();
  };
  const auditOf = (section: string, target: string) =>
    t.app.ctx.db.selectFrom('operator_audit').select(['action', 'operator_username', 'before', 'after'])
      .where('target_type', '=', `config.${section}`).where('target_id', '=', target).orderBy('id').execute();

  it('changes the contact text in three languages: it applies at once and the lookup answers each language', async () => {
    const { admin } = await people();
    const before = (await admin.config.value('content', 'contact.TH')) as ContactContent;
    expect(before).toMatchObject({ kind: 'contact', lineName: '@sandbox-wallet', contactText: { th: 'ติดต่อทีมงานได้ตลอด 24 ชั่วโมงทาง LINE' } });
    expect((await lookup(endpoints.lookupContact, 'en')).contactText).toBe(before.contactText.en);

    const after: ContactContent = {
      ...before,
      contactText: { th: '  ทีมงานตอบทุกวัน 9:00–21:00 ', la: 'ທີມງານຕອບທຸກມື້ 9:00–21:00', en: 'Our team answers daily 9:00–21:00' },
      lineName: '@new-line',
      lineLink: 'https://line.me/R/ti/p/@new-line',
    };
    const r = await admin.config.change('content', 'contact.TH', after);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.answer()).toMatchObject({ status: 'applied', movesMoney: false, decidedBy: null });

    expect(await lookup(endpoints.lookupContact, 'th')).toMatchObject({ contactText: 'ทีมงานตอบทุกวัน 9:00–21:00', lineName: '@new-line', lineLink: 'https://line.me/R/ti/p/@new-line' });
    expect((await lookup(endpoints.lookupContact, 'la')).contactText).toBe('ທີມງານຕອບທຸກມື້ 9:00–21:00');
    expect((await lookup(endpoints.lookupContact, 'en')).contactText).toBe('Our team answers daily 9:00–21:00');
    // The Laos build's contact is another item: unchanged.
    expect(((await admin.config.value('content', 'contact.LA')) as ContactContent).lineName).toBe('@sandbox-wallet');

    const lines = await auditOf('content', 'contact.TH');
    expect(lines.at(-1)).toMatchObject({
      action: 'config.change', operator_username: admin.username,
      before: expect.objectContaining({ lineName: '@sandbox-wallet', contactText: before.contactText }),
      after: expect.objectContaining({ lineName: '@new-line', contactText: expect.objectContaining({ th: 'ทีมงานตอบทุกวัน 9:00–21:00' }) }),
    });
  });

  it('changes the notice in three languages, its percent filled in for members', async () => {
    const { admin } = await people();
    const after: NoticeContent = {
      kind: 'notice',
      text: { th: 'ทำเทิร์นไม่ครบ รับคืน {percentFail}%', la: 'ເຮັດເທີນບໍ່ຄົບ ຮັບຄືນ {percentFail}%', en: 'Turnover not met: {percentFail}% back' },
      percentFail: 30,
    };
    expect((await admin.config.change('content', 'notice.TH', after)).answer().status).toBe('applied');
    expect(await lookup(endpoints.lookupNotice, 'th')).toEqual({ notice: 'ทำเทิร์นไม่ครบ รับคืน 30%', percentFail: 30 });
    expect((await lookup(endpoints.lookupNotice, 'la')).notice).toBe('ເຮັດເທີນບໍ່ຄົບ ຮັບຄືນ 30%');
    expect((await lookup(endpoints.lookupNotice, 'en')).notice).toBe('Turnover not met: 30% back');
    expect(await admin.config.value('content', 'notice.TH')).toEqual(after);
  });

  it('changes the agreement in three languages with its html sanitised, and a new version asks members again', async () => {
    const { admin } = await people();
    const member = await seedMember(t.app);
    const agreementStatus = async () => (await contractCaller(t.app, member.token)(endpoints.accountAgreement)).json();
    const before = (await admin.config.value('content', 'agreements.TH')) as AgreementsContent;
    expect(before.version).toBe(1);
    expect(before.items).toHaveLength(3);
    expect(before.items[0]).toEqual({ th: '<p>สมาชิกต้องมีอายุ 18 ปีบริบูรณ์ขึ้นไป</p>', la: '<p>ສະມາຊິກຕ້ອງມີອາຍຸ 18 ປີບໍລິບູນຂຶ້ນໄປ</p>', en: '<p>Members must be 18 years of age or older.</p>' });
    expect(await agreementStatus()).toMatchObject({ version: 1 });

    const after: AgreementsContent = {
      kind: 'agreements',
      version: 2,
      items: [
        { th: '<p onclick="steal()">อายุ 20 ปีขึ้นไป</p><script>alert(1)</script>', la: '<p>ອາຍຸ 20 ປີຂຶ້ນໄປ<img src="x" onerror="alert(1)"></p>', en: '<p>Members must be <b>20</b> or older.</p>' },
        { th: '<p>บัญชีเดียวต่อคน</p>', la: '', en: '<p>One account per person.</p>' },
      ],
    };
    const r = await admin.config.change('content', 'agreements.TH', after);
    expect(r.statusCode, r.body).toBe(200);
    // What is stored, audited and answered is the sanitised html.
    const stored = r.answer().after as AgreementsContent;
    expect(JSON.stringify(stored)).not.toMatch(/script|onerror|onclick|alert/);
    expect(stored.items[0].th).toBe('<p>อายุ 20 ปีขึ้นไป</p>');
    expect(await admin.config.value('content', 'agreements.TH')).toEqual(stored);

    expect(await lookup(endpoints.lookupAgreements, 'th')).toEqual(['<p>อายุ 20 ปีขึ้นไป</p>', '<p>บัญชีเดียวต่อคน</p>']);
    const lao = await lookup(endpoints.lookupAgreements, 'la');
    // A paragraph left empty in Lao is not shown to Lao readers as an empty line.
    expect(lao).toHaveLength(1);
    expect(lao[0]).toContain('ອາຍຸ 20 ປີຂຶ້ນໄປ');
    expect(lao[0]).not.toMatch(/onerror|alert/);
    expect(await lookup(endpoints.lookupAgreements, 'en')).toEqual(['<p>Members must be <b>20</b> or older.</p>', '<p>One account per person.</p>']);
    expect(await agreementStatus()).toEqual({ version: 2, accepted: false });

    const audit = (await auditOf('content', 'agreements.TH')).at(-1)!;
    expect(audit.before).toMatchObject({ version: 1 });
    expect(audit.after).toMatchObject({ version: 2 });
    expect(JSON.stringify(audit.after)).not.toMatch(/script|onerror/);

    // The version never goes back (old acceptances would count for a new text); an empty agreement is refused.
    for (const bad of [{ ...after, version: 1 }, { ...after, items: [] }, { ...after, items: [{ th: '<script>x</script>', la: '', en: '' }] }]) {
      const refused = await admin.config.change('content', 'agreements.TH', bad);
      expect(refused.json()).toEqual({ message: 'INVALID_INPUT' });
    }
    expect(((await admin.config.value('content', 'agreements.TH')) as AgreementsContent).version).toBe(2);
  });

  it('changes the bonus conditions; a language left without any paragraph reads the fallback language', async () => {
    const { admin } = await people();
    const after: ConditionsContent = {
      kind: 'conditions',
      items: [
        { th: '<p>ทำเทิร์น 5 เท่า</p>', la: '', en: '<p>Play through 5 times.</p><iframe src="https://evil.example"></iframe>' },
      ],
    };
    expect((await admin.config.change('content', 'conditions.TH', after)).answer().status).toBe('applied');
    expect(await lookup(endpoints.lookupConditions, 'th')).toEqual(['<p>ทำเทิร์น 5 เท่า</p>']);
    expect(await lookup(endpoints.lookupConditions, 'en')).toEqual(['<p>Play through 5 times.</p>']);
    // Lao readers get the operator's fallback order (Thailand: th, en, la), never an empty list.
    expect(await lookup(endpoints.lookupConditions, 'la')).toEqual(['<p>ทำเทิร์น 5 เท่า</p>']);
  });

  it("makes the how-to page's texts the operator's where written, the page's own elsewhere", async () => {
    const { admin } = await people();
    const empty = (await admin.config.value('content', 'howto')) as HowtoContent;
    expect(empty.title).toEqual({ th: '', la: '', en: '' });
    expect(await lookup(endpoints.lookupHowto, 'en')).toMatchObject({ title: null, subtitle: null, topics: { wallet: { title: null, summary: null } } });

    const after: HowtoContent = {
      ...empty,
      title: { th: 'วิธีใช้งานเว็บ', la: '', en: 'Getting started' },
      topics: { ...empty.topics, wallet: { title: { th: 'กระเป๋าเงิน', la: 'ກະເປົາເງິນ', en: 'Your wallet' }, summary: { th: '', la: '', en: 'Deposit and withdraw.' } } },
    };
    expect((await admin.config.change('content', 'howto', after)).answer().status).toBe('applied');
    expect(await lookup(endpoints.lookupHowto, 'th')).toMatchObject({ title: 'วิธีใช้งานเว็บ', subtitle: null, topics: { wallet: { title: 'กระเป๋าเงิน', summary: null }, enterGame: { title: null } } });
    expect(await lookup(endpoints.lookupHowto, 'la')).toMatchObject({ title: null, topics: { wallet: { title: 'ກະເປົາເງິນ', summary: null } } });
    expect(await lookup(endpoints.lookupHowto, 'en')).toMatchObject({ title: 'Getting started', topics: { wallet: { title: 'Your wallet', summary: 'Deposit and withdraw.' } } });
  });

  it('refuses a value of another kind than its target, and targets that are not pages', async () => {
    const { admin } = await people();
    const notice = (await admin.config.value('content', 'notice.TH')) as NoticeContent;
    expect((await admin.config.change('content', 'contact.TH', notice)).json()).toEqual({ message: 'INVALID_INPUT' });
    expect((await admin.config.change('content', 'notice.XX', notice)).json()).toEqual({ message: 'NOT_FOUND' });
    expect((await admin.config.change('content', 'contact.TH', { kind: 'contact', contactText: { th: 'x', la: 'x', en: 'x' }, lineName: '', lineLink: 'javascript:alert(1)', lineQR: '' })).json())
      .toEqual({ message: 'INVALID_INPUT' });
    expect((await admin.config.change('content', 'notice.TH', { ...notice, percentFail: 101 })).json()).toEqual({ message: 'INVALID_INPUT' });
  });

  it('turns OTP at registration off and on: registration asks for an OTP only while it is on', async () => {
    const { admin } = await people();
    await t.app.ctx.settings.set('slip', SLIP); // the seeded window (the tests' databases have none)
    const before = (await admin.config.value('switches', 'main')) as SwitchesConfig;
    expect(before).toEqual({
      registerOTP: true, enableChatWidget: true, memberMayChangeBank: false, qrExpireMinutes: 10,
      slip: { closedFrom: '23:50', closedTo: '00:10', uploadWithinMinutes: 60 },
    });
    expect((await register(t.app, registration())).json()).toEqual({ message: 'UNVERIFIED_OTP' });

    const off = await admin.config.change('switches', 'main', { ...before, registerOTP: false });
    expect(off.answer()).toMatchObject({ status: 'applied', movesMoney: false });
    expect(await lookup(endpoints.lookupRegisterOTP, 'th')).toEqual({ registerOTP: false });
    const body = registration();
    const created = await register(t.app, body);
    expect(created.statusCode, created.body).toBe(200);
    expect(await t.app.ctx.db.selectFrom('member').select('id').where('username', '=', body.username).executeTakeFirst()).toBeDefined();

    await admin.config.change('switches', 'main', before);
    expect(await lookup(endpoints.lookupRegisterOTP, 'th')).toEqual({ registerOTP: true });
    expect((await register(t.app, registration())).json()).toEqual({ message: 'UNVERIFIED_OTP' });
    const ip = nextIp();
    const verified = registration();
    expect((await register(t.app, { ...verified, otpToken: await verifyPhone(t.app, verified.username, ip) }, ip)).statusCode).toBe(200);

    const audit = (await auditOf('switches', 'main')).slice(-2);
    expect(audit.map((l) => [l.action, (l.before as SwitchesConfig).registerOTP, (l.after as SwitchesConfig).registerOTP]))
      .toEqual([['config.change', true, false], ['config.change', false, true]]);
  });

  it('turns the chat off, opens bank changes, moves the slip window and the QR lifetime, at once', async () => {
    const { admin } = await people();
    const member = await seedMember(t.app);
    const call = contractCaller(t.app, member.token);
    const before = (await admin.config.value('switches', 'main')) as SwitchesConfig;
    const changeBank = () => call(endpoints.accountProfileUpdate, { body: { name: 'Somchai Jaidee', bankCode: 'KBANK', bankAccountName: 'SOMCHAI JAIDEE', bankAccountNo: `9${Date.now() % 1e9}` } });
    expect((await changeBank()).json()).toEqual({ message: 'INVALID_BANK' });

    const after: SwitchesConfig = {
      ...before, enableChatWidget: false, memberMayChangeBank: true, qrExpireMinutes: 25,
      slip: { closedFrom: null, closedTo: null, uploadWithinMinutes: 30 },
    };
    expect((await admin.config.change('switches', 'main', after)).answer().status).toBe('applied');
    expect(await lookup(endpoints.lookupEnableChatWidget, 'th')).toEqual({ enableChatWidget: false });
    expect(await lookup(endpoints.lookupSlip, 'th', member.token)).toEqual({ isOpen: true, closedFrom: null, closedTo: null, uploadWithinMinutes: 30 });
    const changed = await changeBank();
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await admin.config.value('switches', 'main')).toEqual(after);
    // The slip setting keeps the country's UTC offset, which is not the operator's to change.
    expect(await t.app.ctx.settings.get('slip', {})).toMatchObject({ utcOffsetMinutes: 420, uploadWithinMinutes: 30 });

    const code = await call(endpoints.qrcodeCreate, { params: { bankCode: 'KBANK' }, body: { amount: 100 } });
    expect(code.statusCode, code.body).toBe(200);
    const qr = code.answer();
    if (!qr.hasQrcode) throw new Error(code.body);
    const minutes = (new Date(qr.expireIn).getTime() - t.app.ctx.clock.now().getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(24);
    expect(minutes).toBeLessThanOrEqual(25);

    for (const bad of [
      { ...after, slip: { closedFrom: '23:50', closedTo: null, uploadWithinMinutes: 30 } },
      { ...after, slip: { closedFrom: '24:00', closedTo: '01:00', uploadWithinMinutes: 30 } },
      { ...after, qrExpireMinutes: 0 },
      { ...after, registerOTP: 'no' },
    ]) {
      expect((await admin.config.change('switches', 'main', bad)).json()).toEqual({ message: 'INVALID_INPUT' });
    }
    expect((await admin.config.change('switches', 'other', after)).json()).toEqual({ message: 'NOT_FOUND' });
    await admin.config.change('switches', 'main', before);
    expect(await lookup(endpoints.lookupEnableChatWidget, 'th')).toEqual({ enableChatWidget: true });
    expect(await t.app.ctx.settings.get('slip', {})).toEqual({ closedFrom: '23:50', closedTo: '00:10', uploadWithinMinutes: 60, utcOffsetMinutes: 420 });
  });

  it('refuses support and finance: FORBIDDEN, nothing changes, no audit line', async () => {
    const { admin, finance, support } = await people();
    const contact = (await support.value('content', 'contact.TH')) as ContactContent;
    const switches = (await support.value('switches', 'main')) as SwitchesConfig;
    const lines = (await auditOf('content', 'contact.TH')).length;
    for (const who of [support, finance]) {
      const text = await who.change('content', 'contact.TH', { ...contact, lineName: '@hijacked' });
      expect(text.statusCode).toBe(403);
      expect(text.json()).toEqual({ message: 'FORBIDDEN' });
      const flip = await who.change('switches', 'main', { ...switches, registerOTP: !switches.registerOTP });
      expect(flip.json()).toEqual({ message: 'FORBIDDEN' });
    }
    expect(await admin.config.value('content', 'contact.TH')).toEqual(contact);
    expect(await admin.config.value('switches', 'main')).toEqual(switches);
    expect((await auditOf('content', 'contact.TH')).length).toBe(lines);
    // Both may read the sections.
    expect((await finance.section('content')).answer().items.map((i) => i.target)).toEqual(expect.arrayContaining(['contact.TH', 'notice.LA', 'howto']));
  });
});
