import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { PushKeys } from './keys';
import { registerPushRoutes } from './routes';
import { PushSender } from './sender';
import { PushSubscriptions } from './subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push's sender (tests wait for its pushes with `settled()`). */
    push: PushSender;
  }
}

/**
 * Web Push (issue 32): the members' subscriptions and routes, and a sender that listens to the
 * context's member notices (told after commit by the money modules and the chat, which import
 * nothing of this module) and hands each to the push adapter the app chose (`ctx.adapters.push`).
 */
export function setupPush(app: FastifyInstance, ctx: AppContext) {
  const keys = new PushKeys(ctx.db, ctx.config);
  const subscriptions = new PushSubscriptions(ctx.db, ctx.clock, ctx.config.sandbox);
  const sender = new PushSender({ subscriptions, keys, delivery: ctx.adapters.push, log: app.log });
  ctx.notices.listen(sender.notify);
  registerPushRoutes(app, ctx, keys, subscriptions);
  // Sandbox: the key pair is made (or read) at start, so the first member does not wait for it.
  app.addHook('onReady', async () => {
    await keys.keys().catch((err: unknown) => app.log.error({ err }, 'push keys not read'));
  });
  // Pushes already queued go out before the database closes.
  app.addHook('preClose', async () => sender.settled());
  app.decorate('push', sender);
  return sender;
}
