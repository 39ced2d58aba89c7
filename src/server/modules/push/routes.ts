import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import { contractRoute } from '../../http/contract-route';
import type { PushKeys } from './keys';
import type { PushSubscriptions } from './subscriptions';

/** The member's push opt-in: the key, and this device's subscription kept or forgotten. */
export function registerPushRoutes(app: FastifyInstance, ctx: AppContext, keys: PushKeys, subscriptions: PushSubscriptions) {
  contractRoute(app, ctx.guards, endpoints.pushKey, async () => {
    const vapid = await keys.keys();
    return { enabled: vapid !== null, publicKey: vapid?.publicKey ?? null };
  });
  contractRoute(app, ctx.guards, endpoints.pushSubscribe, async ({ body, member }) => {
    if (!(await keys.keys())) throw new DomainError('PUSH_OFF');
    await subscriptions.save(member.memberId, body);
    return { message: 'OK' as const };
  });
  contractRoute(app, ctx.guards, endpoints.pushUnsubscribe, async ({ body, member }) => {
    await subscriptions.remove(member.memberId, body.endpoint);
    return { message: 'OK' as const };
  });
}
