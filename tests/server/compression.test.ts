import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSETS_DIR } from '../../src/server/http/assets';
import { build, type TestApp } from './helpers/app';

/** Answers and images over 1 KB travel compressed when the client accepts it; small ones and other clients get them plain. */
describe('compression', () => {
  let t: TestApp;
  beforeAll(async () => { t = await build('pglite'); });
  afterAll(async () => { await t.close(); });

  const art = 'games/PG-bg.svg';

  it('sends the lobby art in brotli to a browser, byte for byte the file', async () => {
    const file = fs.readFileSync(path.join(ASSETS_DIR, art));
    expect(file.length).toBeGreaterThan(1024);
    const res = await t.app.inject({ method: 'GET', url: `/assets/${art}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toContain('accept-encoding');
    const body = zlib.brotliDecompressSync(res.rawPayload);
    expect(body.equals(file)).toBe(true);
    expect(res.rawPayload.length).toBeLessThan(file.length / 2);
  });

  it('sends gzip to a client that knows only gzip, and the file plain to one that asks for nothing', async () => {
    const file = fs.readFileSync(path.join(ASSETS_DIR, art));
    const gzip = await t.app.inject({ method: 'GET', url: `/assets/${art}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(file)).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url: `/assets/${art}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(file)).toBe(true);
  });

  it('compresses a JSON answer over 1 KB, and leaves a small one plain', async () => {
    const big = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString('utf8'))).toHaveProperty('openapi');

    const small = await t.app.inject({ method: 'GET', url: '/api/lookup/active', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ message: 'OK' });
  });
});
