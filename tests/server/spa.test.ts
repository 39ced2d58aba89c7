import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerSpa } from '../../src/server/http/spa';

/** The history-mode fallback and the sandbox's client-rendered pages (the demo game). */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-test-'));
fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
// A hashed asset as the build leaves it: the file, and its .br and .gz beside it (vite.config.ts).
const script = `export const page = ${JSON.stringify('x'.repeat(4000))};`;
fs.mkdirSync(path.join(dir, 'assets'));
fs.writeFileSync(path.join(dir, 'assets', 'login-abc123.js'), script);
fs.writeFileSync(path.join(dir, 'assets', 'login-abc123.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(dir, 'assets', 'login-abc123.js.gz'), zlib.gzipSync(script));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function spa(sandbox: boolean) {
  const app = Fastify();
  // A page a module serves itself, like the sandbox gateway's pay page.
  app.get('/sandbox/pay/:id', async () => 'pay page');
  app.setNotFoundHandler(await registerSpa(app, dir, { sandbox }));
  await app.ready();
  return app;
}
const page = (url: string) => ({ method: 'GET' as const, url, headers: { accept: 'text/html,application/xhtml+xml' } });

describe('single-page app fallback', () => {
  it('serves the app for deep links and the demo game in sandbox mode; module pages keep their route', async () => {
    const app = await spa(true);
    for (const url of ['/user/home', '/sandbox/game/PG?t=abc.def']) {
      const res = await app.inject(page(url));
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('id="root"');
    }
    expect((await app.inject(page('/sandbox/pay/42'))).body).toBe('pay page');
    expect((await app.inject(page('/api/nothing'))).json()).toEqual({ message: 'NOT_FOUND' });
    await app.close();
  });

  it('has no sandbox pages outside sandbox mode', async () => {
    const app = await spa(false);
    const res = await app.inject(page('/sandbox/game/PG?t=abc.def'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'NOT_FOUND' });
    expect((await app.inject(page('/user/home'))).statusCode).toBe(200);
    await app.close();
  });

  it('sends the compressed file a browser accepts, and the plain file to one that accepts none', async () => {
    const app = await spa(false);
    const asset = (encoding?: string) => app.inject({ method: 'GET', url: '/assets/login-abc123.js', headers: encoding ? { 'accept-encoding': encoding } : {} });

    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    await app.close();
  });
});
