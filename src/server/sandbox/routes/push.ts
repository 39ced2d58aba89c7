import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import { checkPhone } from '../../phone';
import type { SandboxPushOutbox } from '../simulators/push-outbox';

/** `GET /api/sandbox/push`: the pushes sent, newest first. Registered only in sandbox mode. */
export function registerSandboxPushRoutes(app: FastifyInstance, ctx: AppContext, outbox: SandboxPushOutbox) {
  contractRoute(app, ctx.guards, endpoints.sandboxPush, async ({ query }) => {
    let username: string | undefined;
    if (query.phone) {
      // A member's username is their phone as the country writes it (0812345678).
      const phone = checkPhone(ctx.config.COUNTRY, query.phone);
      username = phone.ok ? phone.phone : query.phone;
    }
    const messages = await outbox.messages({ username });
    return { messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
  });
}
