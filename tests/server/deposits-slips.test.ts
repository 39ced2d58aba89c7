import { randomUUID } from 'node:crypto';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLIP_MAX_BYTES } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { thaiSlipQr } from '../../src/server/providers/emvco/slip-qr';
import { SLIP } from '../../src/server/db/migrations/0005_member_access.seed';
import { drawSlip } from '../../src/server/sandbox/simulators/slip-image';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { activateBonus, blankPng, depositClient, readQrImage, sandbox } from './helpers/deposits';
import { seedMember } from './helpers/members';
import { balances } from './helpers/wallet';

/** Noon in Bangkok: slip upload is open (it closes daily 23:50 to 00:10). */
const NOON = new Date('2025-03-01T05:00:00Z');

describe.each(engines)('slip deposits on %s', (engine) => {
  let t: TestApp;
  let now: Date;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
  });
  beforeEach(() => {
    now = NOON;
    vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => now);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
    await t.close();
  });

  async function member() {
    const m = await seedMember(t.app);
    return { ...m, d: depositClient(t.app, m.token) };
  }

  const slipWith = (qr: string) => drawSlip({ title: 'SANDBOX BANK', lines: ['AMOUNT 100.00 THB'], qr });

  it('credits the wallet for a sandbox slip, and lists the slip and the deposit', async () => {
    const m = await member();
    const slip = await sandbox(t.app).slip(100);
    expect(slip.png.subarray(1, 4).toString()).toBe('PNG');
    expect(readQrImage(slip.png)).toContain(slip.reference);

    const res = await m.d.uploadSlip(slip.png);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'SUCCESS', amount: 100, note: null, reference: slip.reference });
    expect((await balances(t.app, m.id)).wallet).toBe(100);

    const slips = (await m.d.slips()).json();
    expect(slips.total).toBe(1);
    expect(slips.slips[0]).toMatchObject({ _id: res.json()._id, status: 'SUCCESS', amount: 100, reference: slip.reference });
    const statement = (await m.d.statement()).json();
    expect(statement.statements[0]).toMatchObject({ statementType: 'deposit', status: 'SUCCESS', amount: 100, from: 'slip', to: 'wallet' });
    const entry = await t.app.ctx.db.selectFrom('ledger_entry').select(['kind', 'reference']).where('member_id', '=', m.id).executeTakeFirstOrThrow();
    expect(entry).toEqual({ kind: 'deposit', reference: slip.reference });
  });

  it('reads a JPEG slip as well', async () => {
    const m = await member();
    const slip = await sandbox(t.app).slip(75.5);
    const png = PNG.sync.read(slip.png);
    const jpg = jpeg.encode({ data: png.data, width: png.width, height: png.height }, 92).data;
    const res = await m.d.uploadSlip(jpg, { filename: 'slip.jpg', type: 'image/jpeg' });
    expect(res.json()).toMatchObject({ status: 'SUCCESS', amount: 75.5 });
    expect((await balances(t.app, m.id)).wallet).toBe(75.5);
  });

  it('refuses the same slip again as SLIP_REFNO_DUPLICATED, from any member, and credits once', async () => {
    const m = await member();
    const other = await member();
    const slip = await sandbox(t.app).slip(100);
    await m.d.uploadSlip(slip.png);
    const again = await m.d.uploadSlip(slip.png);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED', amount: null, reference: slip.reference });
    expect((await other.d.uploadSlip(slip.png)).json()).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' });
    expect((await balances(t.app, m.id)).wallet).toBe(100);
    expect((await balances(t.app, other.id)).wallet).toBe(0);
    expect((await m.d.slips()).json().total).toBe(2);
  });

  it('credits once when the same slip is uploaded concurrently', async () => {
    const m = await member();
    const slip = await sandbox(t.app).slip(100);
    const answers = (await Promise.all(Array.from({ length: 4 }, () => m.d.uploadSlip(slip.png)))).map((r) => r.json());
    expect(answers.filter((a) => a.status === 'SUCCESS')).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 'SUCCESS')) expect(a).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' });
    expect((await balances(t.app, m.id)).wallet).toBe(100);
  });

  it('answers a repeated request with the same slip, and a key reused for another file with a conflict', async () => {
    const m = await member();
    const slip = await sandbox(t.app).slip(40);
    const key = randomUUID();
    const first = await m.d.uploadSlip(slip.png, { key });
    const again = await m.d.uploadSlip(slip.png, { key });
    expect(again.json()).toEqual(first.json());
    expect((await balances(t.app, m.id)).wallet).toBe(40);
    const other = await m.d.uploadSlip((await sandbox(t.app).slip(10)).png, { key });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: 'IDEMPOTENCY_CONFLICT' });
  });

  it.each([
    ['a text file', Buffer.from('this is not an image at all'), 'text/plain', 'slip.txt'],
    ['a text file named .png', Buffer.from('not a png, whatever the name says'), 'image/png', 'slip.png'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'), 'image/gif', 'slip.gif'],
  ])('refuses %s as SLIP_INVALID_FILE and keeps nothing', async (_, file, type, filename) => {
    const m = await member();
    const res = await m.d.uploadSlip(file, { type, filename });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'SLIP_INVALID_FILE' });
    expect((await m.d.slips()).json().total).toBe(0);
  });

  it('refuses an upload without a file as SLIP_NO_FILE', async () => {
    const m = await member();
    const wrongField = await m.d.uploadSlip((await sandbox(t.app).slip(10)).png, { field: 'image' });
    expect(wrongField.json()).toEqual({ message: 'SLIP_NO_FILE' });
    const empty = await m.d.uploadSlip(Buffer.alloc(0));
    expect(empty.json()).toEqual({ message: 'SLIP_NO_FILE' });
    const json = await t.app.inject({
      method: 'POST', url: '/api/wallet/slip', payload: { file: 'x' },
      headers: clientHeaders(m.token, { 'idempotency-key': randomUUID() }),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: 'SLIP_NO_FILE' });
  });

  it('refuses a file over the size limit as FILE_TOO_LARGE', async () => {
    const m = await member();
    const big = Buffer.concat([blankPng(), Buffer.alloc(SLIP_MAX_BYTES)]);
    const res = await m.d.uploadSlip(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'FILE_TOO_LARGE' });
  });

  it('keeps an image without a QR code as FAILED, CANNOT_READ_CROPPED_IMAGE', async () => {
    const m = await member();
    const res = await m.d.uploadSlip(blankPng());
    expect(res.json()).toMatchObject({ status: 'FAILED', note: 'CANNOT_READ_CROPPED_IMAGE', reference: null, amount: null });
    expect((await balances(t.app, m.id)).wallet).toBe(0);
  });

  it.each([
    ['a reference the bank never issued', () => thaiSlipQr({ sendingBank: '014', reference: `NOSUCH${Date.now()}` }), 'INVALID_SLIP'],
    ['a damaged slip QR', () => thaiSlipQr({ sendingBank: '014', reference: 'ABCDEF123456' }).replace('ABCDEF', 'ABCDEG'), 'UNSTABLE_REFNO_ON_SLIP'],
    ['a QR that is no slip', () => 'https://example.com/not-a-slip', 'CANNOT_READ_CROPPED_IMAGE'],
  ])('fails a slip with %s', async (_, qr, reason) => {
    const m = await member();
    expect((await m.d.uploadSlip(slipWith(qr()))).json()).toMatchObject({ status: 'FAILED', note: reason });
  });

  it('fails a transfer to an account that is not ours as DEST_ACC_INVALID', async () => {
    const m = await member();
    const slip = await sandbox(t.app).slip(100, { bankAccountNo: '9990001234' });
    expect((await m.d.uploadSlip(slip.png)).json()).toMatchObject({ status: 'FAILED', note: 'DEST_ACC_INVALID' });
    expect((await balances(t.app, m.id)).wallet).toBe(0);
  });

  it('credits a transfer to any of our accounts', async () => {
    const m = await member();
    const slip = await sandbox(t.app).slip(20, { bankAccountNo: '020000000003', sendingBank: 'KBANK' });
    expect((await m.d.uploadSlip(slip.png)).json()).toMatchObject({ status: 'SUCCESS', amount: 20 });
  });

  it('fails a slip uploaded more than an hour after its transfer as EXPIRED_SLIP', async () => {
    const m = await member();
    const slip = await sandbox(t.app).slip(100);
    now = new Date(NOON.getTime() + 61 * 60_000);
    expect((await m.d.uploadSlip(slip.png)).json()).toMatchObject({ status: 'FAILED', note: 'EXPIRED_SLIP' });
    expect((await balances(t.app, m.id)).wallet).toBe(0);
    const fresh = await sandbox(t.app).slip(100);
    now = new Date(now.getTime() + 59 * 60_000);
    expect((await m.d.uploadSlip(fresh.png)).json()).toMatchObject({ status: 'SUCCESS' });
  });

  it('refuses uploads in the daily closed window', async () => {
    // The seeded window (the tests' databases have none, so other uploads pass at any hour).
    await t.app.ctx.settings.set('slip', SLIP);
    const m = await member();
    const slip = await sandbox(t.app).slip(100);
    now = new Date('2025-03-01T16:55:00Z'); // 23:55 in Bangkok
    const res = await m.d.uploadSlip(slip.png);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'SLIP_UPLOAD_CLOSED' });
    expect((await m.d.slips()).json().total).toBe(0);
  });

  it("serves a slip's image to its owner only", async () => {
    const m = await member();
    const other = await member();
    const slip = await sandbox(t.app).slip(100);
    const uploaded = (await m.d.uploadSlip(slip.png)).json();
    const mine = await m.d.slipImage(slip.reference);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().url).toBe(`data:image/png;base64,${slip.png.toString('base64')}`);
    expect((await m.d.slipImage(uploaded._id)).json().url).toBe(mine.json().url);
    const theirs = await other.d.slipImage(slip.reference);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'NOT_FOUND' });
    expect((await other.d.slipImage(uploaded._id)).statusCode).toBe(404);
    // An unreadable slip's image is found by its id.
    const unreadable = (await m.d.uploadSlip(blankPng())).json();
    expect(unreadable.link).toBe(`/api/statement/slip/reference/${unreadable._id}`);
    expect((await m.d.slipImage(unreadable._id)).json().url).toMatch(/^data:image\/png;base64,/);
  });

  it('pages the slip list, newest first', async () => {
    const m = await member();
    for (let i = 0; i < 3; i++) {
      now = new Date(NOON.getTime() + i * 1000);
      await m.d.uploadSlip(blankPng(100 + i, 100));
    }
    const page = (await m.d.slips(2, 2)).json();
    expect(page.total).toBe(3);
    expect(page.slips).toHaveLength(1);
    const first = (await m.d.slips(1, 2)).json();
    expect(new Date(first.slips[0].createdAt).getTime()).toBeGreaterThan(new Date(first.slips[1].createdAt).getTime());
  });

  it('walks the slip list by cursor in the same order as by page, two slips in one millisecond included', async () => {
    const m = await member();
    // Two slips at the same moment: the cursor's tiebreak (the id) keeps them apart.
    for (const i of [0, 0, 1, 2, 3]) {
      now = new Date(NOON.getTime() + i * 1000);
      await m.d.uploadSlip(blankPng(100 + i, 100));
    }
    const byPage = [...(await m.d.slips(1, 2)).json().slips, ...(await m.d.slips(2, 2)).json().slips, ...(await m.d.slips(3, 2)).json().slips];
    const pageAfter = async (cursor: string | null): Promise<{ total: number; slips: { _id: string }[]; cursor: string | null }> =>
      (await t.app.inject({ method: 'POST', url: '/api/statement/slip', payload: { page: 1, limit: 2, ...(cursor ? { cursor } : {}) }, headers: clientHeaders(m.token) })).json();
    const byCursor: { _id: string }[] = [];
    let cursor: string | null = null;
    do {
      const page = await pageAfter(cursor);
      expect(page.total).toBe(5);
      byCursor.push(...page.slips);
      cursor = page.cursor;
    } while (cursor);
    expect(byCursor.map((s) => s._id)).toEqual(byPage.map((s: { _id: string }) => s._id));
    expect(new Set(byCursor.map((s) => s._id)).size).toBe(5);
  });

  it('refuses a slip while a bonus is active, keeping nothing', async () => {
    const m = await member();
    await activateBonus(t.app, m.id);
    const res = await m.d.uploadSlip((await sandbox(t.app).slip(100)).png);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'BONUS_REMAINING' });
    expect((await m.d.slips()).json().total).toBe(0);
  });

  it('settles a slip left in progress (a crash after it was kept) when re-checked', async () => {
    const m = await member();
    const slip = await sandbox(t.app).slip(60);
    const id = randomUUID();
    await t.app.ctx.db.insertInto('deposit_slip').values({
      id, member_id: m.id, idempotency_key: randomUUID(), image: slip.png, image_type: 'image/png', image_hash: 'x',
      note: null, sending_bank: null, reference: null, amount: null, receiving_account: null, transferred_at: null,
      created_at: now, completed_at: null,
    }).execute();
    now = new Date(now.getTime() + 60_000);
    expect(await t.app.deposits.slips.recheck(30_000)).toBeGreaterThanOrEqual(1);
    expect((await m.d.slips()).json().slips[0]).toMatchObject({ _id: id, status: 'SUCCESS', amount: 60 });
    expect((await balances(t.app, m.id)).wallet).toBe(60);
    await t.app.deposits.slips.recheck(0);
    expect((await balances(t.app, m.id)).wallet).toBe(60);
  });
});
