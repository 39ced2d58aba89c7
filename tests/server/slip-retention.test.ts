import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { blankPng, depositClient, sandbox } from './helpers/deposits';
import { seedMember } from './helpers/members';

/** Noon in Bangkok: slip upload is open. */
const NOON = new Date('2025-03-01T05:00:00Z');
const DAY = 24 * 3600_000;

describe.each(engines)('failed slip images are kept for the review window, then deleted, on %s', (engine) => {
  let t: TestApp;
  let now = NOON;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0', SLIP_FAILED_IMAGE_DAYS: '30' });
    vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => now);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it('removes a failed slip\'s image after SLIP_FAILED_IMAGE_DAYS, keeps the slip listed, and keeps credited and recent ones', async () => {
    const m = await seedMember(t.app);
    const d = depositClient(t.app, m.token);
    const failed = (await d.uploadSlip(blankPng())).json();
    expect(failed).toMatchObject({ status: 'FAILED' });
    const good = await sandbox(t.app).slip(100);
    expect((await d.uploadSlip(good.png)).json()).toMatchObject({ status: 'SUCCESS' });

    // Within the window the operator (and the member) can still see it.
    now = new Date(NOON.getTime() + 29 * DAY);
    expect(await t.app.deposits.slips.removeFailedImages(30 * DAY)).toBe(0);
    expect((await d.slipImage(failed._id)).statusCode).toBe(200);
    const recent = (await d.uploadSlip(blankPng(301, 400))).json();

    now = new Date(NOON.getTime() + 31 * DAY);
    expect(await t.app.deposits.slips.removeFailedImages(30 * DAY)).toBe(1);
    const gone = await d.slipImage(failed._id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'NOT_FOUND' });
    expect((await d.slipImage(recent._id)).statusCode).toBe(200);
    expect((await d.slipImage(good.reference)).statusCode).toBe(200);
    expect((await d.slips()).json().slips.map((s: { _id: string }) => s._id)).toContain(failed._id);
  });
});
