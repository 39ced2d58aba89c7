import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ChatConversations } from './conversations';
import { registerOperatorChatRoutes } from './operator-routes';
import { registerChatRoutes } from './routes';
import { handleChatSockets } from './socket';
import { UnsentUploads } from './unsent-uploads';
import { UploadBudget } from './upload-budget';
import { runInBackground } from '../../background';

declare module 'fastify' {
  interface FastifyInstance {
    chat: ChatConversations;
    /** Uploads no message named within CHAT_UPLOAD_GRACE_MS, swept every CHAT_UPLOAD_SWEEP_MS. */
    chatUnsentUploads: UnsentUploads;
  }
}

/**
 * The support chat: conversations in the database, uploads in the file storage the app chose
 * (`ctx.adapters.chatFiles`: the local disk), rooms on the app's socket.io (across nodes with
 * REDIS_URL: each customer's, and the back office's, told which conversation changed), the
 * customer routes of the contract and the operator API under /api/admin/chat. Uploads spend a byte budget per address and per
 * conversation; those no message named within the grace time are swept on every node.
 */
export function setupChat(app: FastifyInstance, ctx: AppContext) {
  const { config } = ctx;
  const files = ctx.adapters.chatFiles;
  const chat = new ChatConversations({
    db: ctx.db,
    clock: ctx.clock,
    roomPrefix: config.CHAT_ROOM_PREFIX,
    emit: (room, event, payload) => ctx.realtime.toRoom(room, event, payload),
    notices: ctx.notices,
  });
  ctx.realtime.onConnection(handleChatSockets({ authenticate: ctx.authenticate, authenticateOperator: app.backOffice.authenticate, roomPrefix: config.CHAT_ROOM_PREFIX }));
  const budget = new UploadBudget({
    db: ctx.db,
    clock: ctx.clock,
    limits: { perAddress: config.CHAT_UPLOAD_ADDRESS_BYTES_PER_HOUR, perCustomer: config.CHAT_UPLOAD_CUSTOMER_BYTES_PER_HOUR },
  });
  registerChatRoutes(app, ctx, chat, files, budget);
  registerOperatorChatRoutes(app, ctx, chat, files, budget);

  const unsent = new UnsentUploads({ db: ctx.db, storage: files, clock: ctx.clock, graceMs: config.CHAT_UPLOAD_GRACE_MS });
  runInBackground(app, { name: 'sweeping unsent chat uploads', everyMs: config.CHAT_UPLOAD_SWEEP_MS, work: () => unsent.sweep() });
  app.decorate('chat', chat);
  app.decorate('chatUnsentUploads', unsent);
  return chat;
}
