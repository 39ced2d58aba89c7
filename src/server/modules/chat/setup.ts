import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { LocalDiskStorage } from '../../providers/storage/local-disk';
import type { FileStorage } from '../../providers/storage/adapter';
import { ChatConversations } from './conversations';
import { registerOperatorChatRoutes } from './operator-routes';
import { registerChatRoutes } from './routes';
import { handleChatSockets } from './socket';

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatConversations;
  }
}

/**
 * The support chat: conversations in the database, uploads in file storage (the local disk by
 * default), rooms on the app's socket.io (across nodes with REDIS_URL: each customer's, and the
 * back office's, told which conversation changed), the customer routes of the contract and the
 * operator API under /api/admin/chat.
 */
export function setupChat(app: FastifyInstance, ctx: AppContext, storage?: FileStorage) {
  const { config } = ctx;
  const files = storage ?? new LocalDiskStorage(config.CHAT_STORAGE_DIR ?? path.join(config.DATA_DIR, 'chat-files'));
  const chat = new ChatConversations({
    db: ctx.db,
    clock: ctx.clock,
    roomPrefix: config.CHAT_ROOM_PREFIX,
    emit: (room, event, payload) => ctx.realtime.toRoom(room, event, payload),
  });
  ctx.realtime.onConnection(handleChatSockets({ authenticate: ctx.authenticate, authenticateOperator: app.backOffice.authenticate, roomPrefix: config.CHAT_ROOM_PREFIX }));
  registerChatRoutes(app, ctx, chat, files);
  registerOperatorChatRoutes(app, ctx, chat, files);
  app.decorate('chat', chat);
  return chat;
}
