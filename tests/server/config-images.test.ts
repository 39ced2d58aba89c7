import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminConfigUploadImage, CONTENT_IMAGE, endpoints } from '../../src/contract';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { SAMPLES } from './helpers/chat';
import { configClient } from './helpers/config';
import { engines } from './helpers/db';
import { blankPng, multipart } from './helpers/deposits';
import { seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';

/** An operator's upload of a banner image, as the console's upload button sends it. */
const upload = (app: FastifyInstance, token: string | undefined, file: Buffer, filename = 'banner.png', type = 'image/png') => {
  const body = multipart(file, { filename, type });
  return app.inject({
    method: adminConfigUploadImage.method, url: adminConfigUploadImage.path, payload: body.payload,
    headers: { ...clientHeaders(token), 'content-type': body.contentType },
  });
};

/** A PNG whose header declares `width` x `height` pixels (and holds none): a few bytes that ask for gigabytes. */
const pngDeclaring = (width: number, height: number) => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), length, Buffer.from('IHDR'), ihdr, Buffer.alloc(4), Buffer.alloc(64)]);
};

describe.each(engines)('banner images operators upload on %s', (engine) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'content-images-'));
    t = await build(engine, { CONTENT_IMAGES_DIR: dir, RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const stored = async () => (await readdir(dir).catch(() => [] as string[])).filter((f) => !f.endsWith('.partial')).sort();
  const auditOf = (id: string) => t.app.ctx.db.selectFrom('operator_audit').select(['action', 'operator_username', 'after'])
    .where('target_type', '=', 'config.image').where('target_id', '=', id).execute();

  it('stores a png an admin uploads and serves it to anyone, byte for byte, as image/png, not sniffed, cached for a year', async () => {
    const admin = await operatorWith(t.app, 'admin');
    const png = blankPng(320, 160);
    const r = await upload(t.app, admin.token, png, 'promo banner.png');
    expect(r.statusCode, r.body).toBe(200);
    const answer = r.json();
    expect(answer).toEqual({ image: expect.stringMatching(/^\/api\/content\/images\/[0-9a-f]{64}\.png$/), type: 'image/png', bytes: png.length, width: 320, height: 160 });

    // No token, no client marker: a member's browser loads it as an <img>.
    const served = await t.app.inject({ method: 'GET', url: answer.image });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toContain('sandbox');

    // The same bytes again: the same address, one stored file; each upload is an audit line.
    const again = await upload(t.app, admin.token, png, 'copy.png');
    expect(again.json().image).toBe(answer.image);
    const id = answer.image.split('/').pop();
    expect((await stored()).filter((f) => f.includes(id.split('.')[0]))).toHaveLength(1);
    const lines = await auditOf(id);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ action: 'config.image', operator_username: admin.username, after: expect.objectContaining({ name: 'promo banner.png', bytes: png.length }) });
  });

  it('takes jpeg, gif and webp by their bytes whatever their names, and serves each in its own type', async () => {
    const admin = await operatorWith(t.app, 'admin');
    // A 1x1 lossless webp.
    const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
    for (const [file, name, type] of [[SAMPLES.jpeg, 'photo.png', 'image/jpeg'], [SAMPLES.gif, 'anim.jpg', 'image/gif'], [webp, 'x', 'image/webp']] as const) {
      const r = await upload(t.app, admin.token, file, name, 'application/octet-stream');
      expect(r.statusCode, `${type}: ${r.body}`).toBe(200);
      expect(r.json().type).toBe(type);
      const served = await t.app.inject({ method: 'GET', url: r.json().image });
      expect(served.headers['content-type']).toBe(type);
      expect(Buffer.compare(served.rawPayload, file)).toBe(0);
    }
  });

  it('refuses SVG, html or a program named .png, an empty part and a missing file, storing nothing', async () => {
    const admin = await operatorWith(t.app, 'admin');
    const before = await stored();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>');
    const html = Buffer.from('<!doctype html><html><body><img src=x onerror="alert(1)"></body></html>');
    for (const [file, name, type] of [[svg, 'banner.svg', 'image/svg+xml'], [svg, 'banner.png', 'image/png'], [html, 'banner.png', 'image/png'], [SAMPLES.elf, 'banner.gif', 'image/gif']] as const) {
      const r = await upload(t.app, admin.token, file, name, type);
      expect(r.statusCode, name).toBe(415);
      expect(r.json()).toEqual({ message: 'FILE_NOT_SUPPORTED' });
    }
    expect((await upload(t.app, admin.token, Buffer.alloc(0))).json()).toEqual({ message: 'CHAT_FILE_REQUIRED' });
    const noFile = await t.app.inject({ method: 'POST', url: adminConfigUploadImage.path, payload: { file: 'x' }, headers: clientHeaders(admin.token) });
    expect(noFile.statusCode).toBeGreaterThanOrEqual(400);
    expect(noFile.statusCode).toBeLessThan(500);
    expect(await stored()).toEqual(before);
  });

  it('refuses an image over 2 MB, or one whose header declares too many pixels', async () => {
    const admin = await operatorWith(t.app, 'admin');
    const before = await stored();
    const big = Buffer.concat([blankPng(10, 10), Buffer.alloc(CONTENT_IMAGE.maxBytes)]);
    const r = await upload(t.app, admin.token, big);
    expect(r.statusCode).toBe(413);
    expect(r.json()).toEqual({ message: 'FILE_TOO_LARGE' });
    // Just over the limit, under the framing allowance: read, counted and refused.
    const over = await upload(t.app, admin.token, Buffer.concat([blankPng(10, 10), Buffer.alloc(CONTENT_IMAGE.maxBytes - 40)]));
    expect(over.json()).toEqual({ message: 'FILE_TOO_LARGE' });
    const bomb = await upload(t.app, admin.token, pngDeclaring(60_000, 60_000));
    expect(bomb.json()).toEqual({ message: 'FILE_TOO_LARGE' });
    expect(await stored()).toEqual(before);
  });

  it('refuses operators without config.edit and callers without a session, storing nothing', async () => {
    const before = await stored();
    const png = blankPng(11, 11);
    for (const role of ['support', 'finance'] as const) {
      const who = await operatorWith(t.app, role);
      const r = await upload(t.app, who.token, png);
      expect(r.statusCode, role).toBe(403);
      expect(r.json()).toEqual({ message: 'FORBIDDEN' });
    }
    const member = await seedMember(t.app);
    expect((await upload(t.app, member.token, png)).statusCode).toBe(401);
    expect((await upload(t.app, undefined, png)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await stored()).toEqual(before);
  });

  it('keeps NUL bytes and control characters in a name harmless', async () => {
    const admin = await operatorWith(t.app, 'admin');
    const png = blankPng(12, 12);
    const r = await upload(t.app, admin.token, png, 'ban\u0000ner\u0007.png');
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().image.split('/').pop();
    expect((await auditOf(id))[0].after).toMatchObject({ name: 'banner.png' });
    // An address with a NUL byte, a path or an unknown id is not an image.
    for (const url of ['/api/content/images/%00.png', '/api/content/images/..%2F..%2Fetc%2Fpasswd', `/api/content/images/${'0'.repeat(64)}.png`, `/api/content/images/${id.replace('.png', '.svg')}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/content/images/${'0'.repeat(64)}.png` })).json()).toEqual({ message: 'NOT_FOUND' });
  });

  it('limits uploads per session', async () => {
    const admin = await operatorWith(t.app, 'admin');
    const limit = (Array.isArray(adminConfigUploadImage.rateLimit) ? adminConfigUploadImage.rateLimit[0] : adminConfigUploadImage.rateLimit)!.max;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) statuses.push((await upload(t.app, admin.token, SAMPLES.gif, 'g.gif')).statusCode);
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('an uploaded image becomes a banner members are shown, and the page policy lets the app load it', async () => {
    const admin = await operatorWith(t.app, 'admin');
    const { image } = (await upload(t.app, admin.token, blankPng(40, 20))).json();
    const config = configClient(t.app, admin.token);
    const html = { th: '<b>ชวนเพื่อน</b>', la: '<b>ຊວນໝູ່</b>', en: '<b>Invite</b>' };
    const changed = await config.change('invite', 'banners', [{ image, html }]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.answer().status).toBe('applied');
    const member = await seedMember(t.app);
    const banners = await t.app.inject({ method: endpoints.inviteBanners.method, url: endpoints.inviteBanners.path, headers: clientHeaders(member.token, { 'accept-language': 'en' }) });
    expect(banners.json()).toEqual([{ image, html: '<b>Invite</b>' }]);
    // The pages' policy (helmet) allows images of the app's own origin.
    const page = await t.app.inject({ method: 'GET', url: '/user/bonus' });
    expect(String(page.headers['content-security-policy'])).toMatch(/img-src[^;]*'self'/);
  });
});
