import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import { checkPhone, internationalPhone } from '../../phone';
import type { SandboxSmsInbox } from '../simulators/sms-inbox';

/** `GET /api/sandbox/sms`: the simulated inbox, newest first. Registered only in sandbox mode. */
export function registerSandboxSmsRoutes(app: FastifyInstance, ctx: AppContext, inbox: SandboxSmsInbox) {
  contractRoute(app, ctx.guards, endpoints.sandboxSms, async ({ query }) => {
    let to: string | undefined;
    if (query.phone) {
      const phone = checkPhone(ctx.config.COUNTRY, query.phone);
      to = phone.ok ? internationalPhone(ctx.config.COUNTRY, phone.phone) : query.phone;
    }
    const messages = await inbox.messages({ to });
    return { messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
  });
}
