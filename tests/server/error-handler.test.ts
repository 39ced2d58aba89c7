import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../../src/server/errors';
import { build, type TestApp } from './helpers/app';

// Cross-cutting: every failure is `{ message: CODE }` with a fitting status, 5xx says nothing more.
describe('error handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build('pglite', {}, (app) => {
      app.get('/api/test/explodes', async () => { throw new Error('secret stack detail at /srv/app.ts:12'); });
      app.get('/api/test/item/:id', async () => ({ ok: true }));
      app.get('/api/test/refuses', async () => { throw new DomainError('MONEY_NOT_ENOUGH'); });
      app.post('/api/test/validates', { schema: { body: z.object({ amount: z.number() }) } }, async () => ({ ok: true }));
    });
  });
  afterAll(async () => { await t.close(); });

  it.each([
    ['an internal fault', 'GET', '/api/test/explodes', undefined, 500, 'INTERNAL_SERVER_ERROR'],
    ['a domain refusal', 'GET', '/api/test/refuses', undefined, 400, 'MONEY_NOT_ENOUGH'],
    ['a body that breaks the schema', 'POST', '/api/test/validates', { amount: 'ten' }, 400, 'INVALID_INPUT'],
    ['an unknown route', 'GET', '/api/test/none', undefined, 404, 'NOT_FOUND'],
  ] as const)('answers %s with its code only', async (_name, method, url, payload, status, code) => {
    const res = await t.app.inject({ method, url, payload });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: code });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('stack');
  });

  it.each([
    ['a URL that is not valid UTF-8', '/api/test/item/%E0%B8'],
    ['a path parameter over the length limit', `/api/test/item/${'x'.repeat(5000)}`],
  ])('answers %s with INVALID_INPUT, not the router\'s own error', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'INVALID_INPUT' });
  });

  it('answers malformed JSON with INVALID_INPUT', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/test/validates', headers: { 'content-type': 'application/json' }, payload: '{"amount": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'INVALID_INPUT' });
  });
});
