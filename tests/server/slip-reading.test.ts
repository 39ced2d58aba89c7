import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlipReadPool } from '../../src/server/modules/deposits/slip-read-pool';
import { MAX_SLIP_PIXELS } from '../../src/server/modules/deposits/slip-reader';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { depositClient, multipart } from './helpers/deposits';
import { seedMember } from './helpers/members';

/** Noon in Bangkok: slip upload is open. */
const NOON = new Date('2025-03-01T05:00:00Z');

/**
 * A PNG that is tiny on the wire and large once decoded: flat white with a sparse dot pattern
 * (so the QR scanner has to look everywhere), the shape of the attack that froze a node.
 */
function inflatingPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(255);
  for (let i = 0; i < png.data.length; i += 4 * 97) png.data[i] = 0;
  return PNG.sync.write(png, { deflateLevel: 9 });
}

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
};

let attackPng: Buffer | undefined;
/** The attack's image: a white 4898x4898 RGBA PNG of well under a megabyte (built once, natively). */
function attack(): Buffer {
  if (attackPng) return attackPng;
  const [width, height] = [4898, 4898];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + width * 4), 0xff);
  for (let y = 0; y < height; y++) rows[y * (1 + width * 4)] = 0;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  attackPng = Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
  return attackPng;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('slip reading pool', () => {
  const phoneScreenshot = inflatingPng(1080, 2400);

  it('refuses an image over the phone-screenshot pixel cap from its header (the 4898x4898 attack)', async () => {
    const pool = new SlipReadPool({ threads: 1, waiting: 0, budgetMs: 30_000 });
    try {
      expect(attack().length).toBeLessThan(1024 * 1024);
      expect(4898 * 4898).toBeGreaterThan(MAX_SLIP_PIXELS);
      expect(await pool.read(attack(), 'image/png')).toEqual({ kind: 'too_large' });
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('ends a reading past its time budget as too_slow, and the next slip gets a fresh reader', async () => {
    const pool = new SlipReadPool({ threads: 1, waiting: 1, budgetMs: 150 });
    try {
      const [slow, next] = await Promise.all([pool.read(phoneScreenshot, 'image/png'), pool.read(phoneScreenshot, 'image/png')]);
      expect(slow).toEqual({ kind: 'too_slow' });
      expect(next).toEqual({ kind: 'too_slow' });
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('reads at most `threads` slips at once, lets `waiting` more wait, and answers busy beyond', async () => {
    const pool = new SlipReadPool({ threads: 1, waiting: 1, budgetMs: 60_000 });
    try {
      const first = pool.read(phoneScreenshot, 'image/png');
      const second = pool.read(phoneScreenshot, 'image/png');
      expect(pool.full).toBe(true);
      expect(await pool.read(phoneScreenshot, 'image/png')).toEqual({ kind: 'busy' });
      expect(await first).toEqual({ kind: 'none' });
      expect(await second).toEqual({ kind: 'none' });
      expect(pool.full).toBe(false);
    } finally {
      await pool.close();
    }
  }, 120_000);
});

describe.each(engines)('slip uploads off the event loop on %s', (engine) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0', SLIP_READ_THREADS: '1', SLIP_READ_WAITING: '16', SLIP_READ_BUDGET_MS: '20000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => NOON);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it('answers the health check while four phone-sized slips are read (the reading is off the event loop)', async () => {
    const m = await seedMember(t.app);
    // A common phone screen (1080x2400): under the cap, so each one is really decoded and scanned.
    const image = inflatingPng(1080, 2400);
    const uploads = Array.from({ length: 4 }, async () => {
      const body = multipart(image);
      const res = await fetch(`${base}/api/wallet/slip`, {
        method: 'POST', body: body.payload,
        headers: clientHeaders(m.token, { 'content-type': body.contentType, 'idempotency-key': randomUUID() }),
      });
      return { status: res.status, body: await res.json() };
    });
    let finished = false;
    const all = Promise.all(uploads).finally(() => (finished = true));

    // Let the uploads arrive and the reader start, then ask for health one call after another:
    // each answer that comes back before the last slip's answer was served while slips were read.
    await new Promise((r) => setTimeout(r, 300));
    const health: number[] = [];
    while (!finished) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`);
      if (!finished) health.push(performance.now() - started);
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
    const results = await all;
    // A figure, not a bound: a busy machine slows both, and no test depends on how busy it is.
    console.log(`health while slips are read (${engine}): ${health.length} answers, median ${median(health).toFixed(1)} ms`);
    // Reading on the event loop would answer nothing until the slips were done.
    expect(health.length).toBeGreaterThanOrEqual(3);
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 'FAILED', note: 'CANNOT_READ_CROPPED_IMAGE' });
    }
  }, 180_000);

  it('fails the 4898x4898 attack slip with IMG_SIZE_UNABLE_TO_PROCESS', async () => {
    const m = await seedMember(t.app);
    const res = await depositClient(t.app, m.token).uploadSlip(attack());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'FAILED', note: 'IMG_SIZE_UNABLE_TO_PROCESS' });
  }, 120_000);
});
