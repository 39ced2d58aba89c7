import type { FastifyInstance } from 'fastify';
import { chatOperatorEndpoints as e } from '../../../contract/endpoints/chatOperator';
import type { AppContext } from '../../context';
import { refuse } from '../../errors';
import { contractRoute } from '../../http/contract-route';
import type { FileStorage } from '../../providers/storage/adapter';
import { FILE_ID, type ChatConversations } from './conversations';
import { sendFile } from './routes';

/** The sender of every operator answer: members see the site's side, with the operator's name. */
const OPERATOR_SENDER = 'operator';

/**
 * The operator chat API under /api/admin/chat: every route, files included, is the contract's
 * and carries the `chat` permission (the back office's operator guard checks it).
 */
export function registerOperatorChatRoutes(app: FastifyInstance, ctx: AppContext, chat: ChatConversations, storage: FileStorage) {
  const g = ctx.guards;
  if (!g.operator) throw new Error('the back office must be set up before the support chat');
  app.register(async (scope) => {

    contractRoute(scope, g, e.adminChatConversations, async ({ query }) => ({ conversations: await chat.list(query.limit, query.skip) }));
    contractRoute(scope, g, e.adminChatMessages, async ({ params, query }) => chat.read(params.conversationId, query.limit, query.skip));
    contractRoute(scope, g, e.adminChatReply, async ({ params, body, request }) => {
      const { operatorId, username, name } = request.operator!;
      const sent = await chat.reply(params.conversationId, { sender: OPERATOR_SENDER, name }, body.message, (trx, messageId) =>
        app.backOffice.audit.record({ operatorId, username, ip: request.ip }, {
          action: 'chat.reply', targetType: 'chat_conversation', targetId: params.conversationId, after: { messageId, type: body.message.message_type },
        }, trx));
      return { _id: sent._id, createdAt: sent.createdAt };
    });
    contractRoute(scope, g, e.adminChatRead, async ({ params }) => {
      await chat.markReadByOperator(params.conversationId);
      return { message: 'OK' as const };
    });
    contractRoute(scope, g, e.adminChatEndSession, async ({ params }) => ({ session_id: await chat.endSession(params.conversationId) }));

    contractRoute(scope, g, e.adminChatFile, async ({ params, reply }) => {
      const file = FILE_ID.test(params.fileId) ? await chat.file(params.fileId) : undefined;
      if (!file) refuse('NOT_FOUND', 'no such file');
      return sendFile(reply, storage, file!);
    });
  });
}
