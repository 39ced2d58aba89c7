import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chatOperatorEndpoints as e } from '../../../contract/endpoints/chatOperator';
import type { AppContext } from '../../context';
import { refuse } from '../../errors';
import { contractRoute } from '../../http/contract-route';
import type { FileStorage } from '../../providers/storage/adapter';
import { FILE_ID, type ChatConversations } from './conversations';
import { sendFile } from './routes';
import type { UploadBudget } from './upload-budget';
import { receiveUpload, uploadLimit, type UploadKind } from './uploads';

/** The sender of every operator answer: members see the site's side, with the operator's name. */
const OPERATOR_SENDER = 'operator';

/**
 * The operator chat API under /api/admin/chat: every route, files included, is the contract's
 * and carries the `chat` permission (the back office's operator guard checks it). An operator's
 * upload goes into the conversation it answers, with the customer's checks and byte budgets, so
 * the customer reads it like their own and an unsent one is swept alike.
 */
export function registerOperatorChatRoutes(app: FastifyInstance, ctx: AppContext, chat: ChatConversations, storage: FileStorage, budget: UploadBudget) {
  const g = ctx.guards;
  if (!g.operator) throw new Error('the back office must be set up before the support chat');
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });

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

    const upload = (kind: UploadKind) => async ({ request, params }: { request: FastifyRequest; params: { conversationId: string } }) =>
      receiveUpload({ budget, storage, clock: ctx.clock }, request, kind, () => chat.conversationId(params.conversationId));
    contractRoute(scope, g, e.adminChatUploadImage, upload('image'), { bodyLimit: uploadLimit('image') + 65_536 });
    contractRoute(scope, g, e.adminChatUploadVideo, upload('video'), { bodyLimit: uploadLimit('video') + 65_536 });

    contractRoute(scope, g, e.adminChatFile, async ({ params, reply }) => {
      const file = FILE_ID.test(params.fileId) ? await chat.file(params.fileId) : undefined;
      if (!file) refuse('NOT_FOUND', 'no such file');
      return sendFile(reply, storage, file!);
    });
  });
}
