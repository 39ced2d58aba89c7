import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_GUEST_HEADER, endpoints } from '../../../contract';
import type { AppContext } from '../../context';
import { refuse } from '../../errors';
import { contractRoute } from '../../http/contract-route';
import type { FileStorage } from '../../providers/storage/adapter';
import { FILE_ID, type ChatConversations } from './conversations';
import { customerOf } from './identity';
import type { UploadBudget } from './upload-budget';
import { receiveUpload, uploadLimit, type UploadKind } from './uploads';

/**
 * The request limit per address over all chat calls; each call's own limit per customer (member
 * or guest) is its contract entry's `rateLimit`.
 */
export const CHAT_LIMITS = { perAddressPerMinute: 300 } as const;

const guestHeader = (request: FastifyRequest) => {
  const value = request.headers[CHAT_GUEST_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/** Files go out as what they are and nothing more: no sniffing, no scripts, private caches only. */
export async function sendFile(reply: FastifyReply, storage: FileStorage, file: { storage_key: string; mime: string; size_bytes: bigint | number }) {
  const stream = await storage.read(file.storage_key);
  if (!stream) refuse('NOT_FOUND', 'the stored bytes are gone');
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(file.size_bytes))
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .send(stream);
}

export function registerChatRoutes(app: FastifyInstance, ctx: AppContext, chat: ChatConversations, storage: FileStorage, budget: UploadBudget) {
  const g = ctx.guards;
  const who = (request: FastifyRequest, claimed: { userId?: string; guestId?: string }) => customerOf(request, ctx.authenticate, claimed);

  app.register(async (scope) => {
    // Counted apart from the per-customer limits (the plugin runs one limit handler per request).
    const perAddress = scope.createRateLimit({ max: CHAT_LIMITS.perAddressPerMinute, timeWindow: 60_000, keyGenerator: (r) => `chat-ip:${r.ip}` });
    scope.addHook('onRequest', async (request) => {
      const counted = await perAddress(request);
      if (!counted.isAllowed && counted.isExceeded) refuse('REQUEST_LIMIT', 'chat calls from this address');
    });
    await scope.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });

    contractRoute(scope, g, endpoints.chatConfig, async () => ({ PREFIX: ctx.config.CHAT_ROOM_PREFIX }));

    contractRoute(scope, g, endpoints.chatSendMessage, async ({ request, body }) => {
      const message = await chat.sendFromCustomer(await who(request, body), body);
      return { _id: message._id, createdAt: message.createdAt };
    });

    contractRoute(scope, g, endpoints.chatHistory, async ({ request, body }) => ({
      messages: await chat.history(await who(request, body), body.limit, body.skip),
    }));

    contractRoute(scope, g, endpoints.chatUnread, async ({ request, body }) => ({ unread: await chat.unreadByCustomer(await who(request, body)) }));

    contractRoute(scope, g, endpoints.chatReadCustomer, async ({ request, body }) => {
      await chat.markReadByCustomer(await who(request, body));
      return { message: 'OK' as const };
    });

    const upload = (kind: UploadKind) => async ({ request }: { request: FastifyRequest }) => {
      // The guest id rides in a header: a multipart body is only read as the file streams in.
      const customer = await who(request, { guestId: guestHeader(request) });
      return receiveUpload({ budget, storage, clock: ctx.clock }, request, kind, async () => (await chat.conversationFor(customer)).id);
    };
    contractRoute(scope, g, endpoints.chatUploadImage, upload('image'), { bodyLimit: uploadLimit('image') + 65_536 });
    contractRoute(scope, g, endpoints.chatUploadVideo, upload('video'), { bodyLimit: uploadLimit('video') + 65_536 });

    // An uploaded file, to its own conversation only (members by token, guests by the guest header).
    contractRoute(scope, g, endpoints.chatFile, async ({ request, reply, params }) => {
      const customer = await who(request, { guestId: guestHeader(request) });
      const file = FILE_ID.test(params.fileId) ? await chat.customerFile(customer, params.fileId) : undefined;
      if (!file) refuse('NOT_FOUND', 'no such file in this conversation');
      return sendFile(reply, storage, file!);
    });
  });
}
