import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerSpa } from '../../src/server/http/spa';

/** The history-mode fallback and the sandbox's client-rendered pages (the demo game). */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-test-'));
fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
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
});
