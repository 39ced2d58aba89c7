import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOCALES, type Locale } from '../../../contract';
import { ProviderRefusal } from '../../providers/games/adapter';
import type { GameProvider } from '../../providers/games/adapter';
import { verifySignature } from '../../providers/signing';
import type { DemoProviderEngine } from '../simulators/demo-provider/engine';

/**
 * The demo provider engine served over HTTP with the signed protocol of HttpGameProvider,
 * at /sandbox/provider/:code/:action (sandbox mode only).
 */
export function registerDemoProviderHttp(app: FastifyInstance, engine: DemoProviderEngine, secret: string, launcher: (code: string) => GameProvider) {
  app.register(async (scope) => {
    // Verify the signature over the exact bytes received.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      (request as FastifyRequest & { rawBody?: string }).rawBody = body as string;
      try { done(null, JSON.parse(body as string)); } catch { done(Object.assign(new Error('bad json'), { statusCode: 400 }), undefined); }
    });
    scope.post('/sandbox/provider/:code/:action', { schema: { hide: true } }, async (request, reply) => {
      const { code, action } = request.params as { code: string; action: string };
      const raw = (request as FastifyRequest & { rawBody?: string }).rawBody ?? '';
      const ok = verifySignature(secret, request.headers['x-timestamp'] as string, raw, request.headers['x-signature'] as string);
      if (!ok) return reply.status(401).send({ reason: 'bad signature' });
      const b = request.body as Record<string, string>;
      try {
        switch (action) {
          case 'player': return await engine.createPlayer(code, Number(b.memberId));
          case 'balance': return { balance: (await engine.balance(code, b.username)).toString() };
          case 'deposit': await engine.move(code, b.username, BigInt(b.amount), b.reference); return { ok: true };
          case 'withdraw': await engine.move(code, b.username, -BigInt(b.amount), b.reference); return { ok: true };
          case 'status': return { status: await engine.transferStatus(code, b.reference) };
          case 'void': return { status: await engine.voidTransfer(code, b.reference) };
          case 'reset': return { password: await engine.resetPassword(code, b.username) };
          case 'turnover': {
            const report = await engine.turnover(code, b.username, b.cursor ? { cursor: b.cursor } : { since: new Date(b.since) });
            return { turnover: report.turnover.toString(), cursor: report.cursor };
          }
          case 'launch': return await launcher(code).launch({ username: b.username, password: b.password, language: (LOCALES as readonly string[]).includes(b.language) ? (b.language as Locale) : undefined });
          default: return reply.status(404).send({ reason: 'unknown action' });
        }
      } catch (error) {
        if (error instanceof ProviderRefusal) return reply.status(409).send({ reason: error.reason });
        throw error;
      }
    });
  });
}
