import { CHAT, CHAT_GUEST_HEADER, TIMEOUTS, type ResponseOf } from '../../contract';
import { call, endpoints, http } from '../api';
import type { ChatAttachment, OutgoingChatMessage, SentMessage } from '../../../machines/chatDeliveryMachine';

export type ChatMessage = ResponseOf<typeof endpoints.chatHistory>['messages'][number];

/** Who is chatting: the member (the bearer token goes with every call) or a guest by id. */
export type ChatIdentity = { kind: 'member' } | { kind: 'guest'; guestId: string };

const ids = (who: ChatIdentity) => (who.kind === 'guest' ? { guestId: who.guestId } : {});
const guestHeaders = (who: ChatIdentity) => (who.kind === 'guest' ? { [CHAT_GUEST_HEADER]: who.guestId } : undefined);

/** The chat calls of SPEC section 7, for one customer. */
export function chatApi(who: ChatIdentity) {
  return {
    config: () => call(endpoints.chatConfig),
    history: (skip: number) => call(endpoints.chatHistory, { body: { ...ids(who), limit: CHAT.historyPageSize, skip } }).then((r) => r.messages),
    send: (message: OutgoingChatMessage): Promise<SentMessage> => call(endpoints.chatSendMessage, { body: { ...ids(who), message } }),
    markRead: () => call(endpoints.chatReadCustomer, { body: ids(who) }),
    /** The site's messages this customer has not read (the chat button's badge). */
    unread: () => call(endpoints.chatUnread, { body: ids(who) }).then((r) => r.unread),
    /** Multipart with the file in `file`, progress reported 0..1, the spec's 5 minute timeout. */
    upload: async (attachment: ChatAttachment, onProgress: (ratio: number) => void, signal: AbortSignal) => {
      const form = new FormData();
      form.append('file', attachment.file, attachment.fileName);
      const endpoint = attachment.fileType === 'image' ? endpoints.chatUploadImage : endpoints.chatUploadVideo;
      const answer = await http.request<unknown, { path: string }>({
        method: 'POST', url: endpoint.path, data: form, timeout: TIMEOUTS.chatUploadMs, signal,
        headers: guestHeaders(who),
        onUploadProgress: (e) => e.total && onProgress(e.loaded / e.total),
      });
      return endpoint.response.parse(answer).path;
    },
    /** An uploaded file as a blob: files are served only to their conversation, so they go with our identity. */
    file: (path: string) => http.request<unknown, Blob>({ method: 'GET', url: path, responseType: 'blob', headers: guestHeaders(who) }),
  };
}
export type ChatApi = ReturnType<typeof chatApi>;
