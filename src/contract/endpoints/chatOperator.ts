import { z } from 'zod';
import { endpoint } from '../endpoint';
import { CHAT_LINK_MAX, chatUploadId, isAllowedChatSource, isHttpsAddress } from '../chatLinks';
import { CHAT } from '../constants';
import { chatButton, chatCard, chatFileBytes, chatFileParams, conversationMessage } from './chat';
import { isoDate, ok } from './common';

/**
 * The operator side of the support chat: every call needs a back-office operator whose role
 * allows `chat` (support, admin). Kept out of `endpoints` (the spec's member API), mounted
 * under /api/admin/chat and listed with the back office's `adminEndpoints`.
 */
const tag = 'admin-chat';

const conversationParams = z.object({ conversationId: z.string().uuid() });
const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(CHAT.historyPageSize),
  skip: z.coerce.number().int().min(0).default(0),
});

/** A link an operator may put on a button: the web over https (or http), a phone number to call. */
const safeButton = chatButton.superRefine((button, issues) => {
  if (button.type === 'web' && !/^https?:\/\/[^\s]+$/i.test(button.payload)) {
    issues.addIssue({ code: 'custom', message: 'a web button opens an http(s) address' });
  }
  if (button.type === 'call' && !/^\+?[0-9 -]{3,20}$/.test(button.payload)) {
    issues.addIssue({ code: 'custom', message: 'a call button dials a phone number' });
  }
});
const text = z.string().trim().min(1).max(CHAT.textMax);

/**
 * An operator's file: one uploaded to the conversation (url false: the server checks it is this
 * conversation's), or an https address (url true). A 'file' is a document offered as a link.
 */
const operatorMedia = z.object({
  message: z.string().max(CHAT.textMax).optional(),
  url: z.boolean(),
  fileType: z.enum(['image', 'video', 'file']),
  filePath: z.string().min(1).max(CHAT_LINK_MAX),
  name: z.string().trim().min(1).max(200).optional(),
}).superRefine((media, issues) => {
  const fits = media.url ? isHttpsAddress(media.filePath) : chatUploadId(media.filePath) !== undefined;
  if (!fits) issues.addIssue({ code: 'custom', path: ['filePath'], message: 'an https address (url true) or an upload of this chat (url false)' });
});

/** A card's picture: none, an https address, or an upload of the conversation. */
const operatorCard = chatCard.extend({
  image_url: z.string().max(CHAT_LINK_MAX).refine(isAllowedChatSource, 'an https address or an upload of this chat').nullable(),
  title: z.string().trim().min(1).max(200),
  subtitle: z.string().max(500).nullable(),
  buttons: z.array(safeButton).max(3),
});

/** Every kind an operator may send: the widget's kinds except 'unknown'. */
export const operatorMessage = z.discriminatedUnion('message_type', [
  z.object({ message_type: z.literal('text'), payload: text }),
  z.object({
    message_type: z.literal('buttons'),
    payload: z.object({ text, buttons: z.array(safeButton).min(1).max(10) }),
  }),
  z.object({ message_type: z.literal('media'), payload: operatorMedia }),
  z.object({
    message_type: z.literal('quick_replies'),
    payload: z.object({ text, replies: z.array(safeButton).min(1).max(13) }),
  }),
  z.object({
    message_type: z.literal('generic'),
    payloads: z.array(operatorCard).min(1).max(10),
  }),
  z.object({
    message_type: z.literal('postback'),
    payload: z.object({ title: z.string().min(1).max(200), payload: z.string().max(1000) }),
  }),
]);

export const conversationSummary = z.object({
  _id: z.string(),
  userId: z.string().nullable(),
  guestId: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  session_id: z.string(),
  lastMessageAt: isoDate,
  /** The customer's messages no operator has read yet. */
  unread: z.number().int(),
  lastMessage: conversationMessage.nullable(),
});

export const adminChatConversations = endpoint({
  method: 'GET', path: '/api/admin/chat/conversations', access: 'operator', permission: 'chat', tag,
  summary: 'Operator: conversations by last activity, with the count of unread customer messages',
  query: pageQuery,
  response: z.object({ conversations: z.array(conversationSummary) }),
});

export const adminChatMessages = endpoint({
  method: 'GET', path: '/api/admin/chat/conversations/:conversationId/messages', access: 'operator', permission: 'chat', tag,
  summary: 'Operator: a page of one conversation, limit messages skipping the skip newest, oldest first',
  params: conversationParams,
  query: pageQuery,
  response: z.object({ conversation: conversationSummary, messages: z.array(conversationMessage) }),
});

export const adminChatReply = endpoint({
  method: 'POST', path: '/api/admin/chat/conversations/:conversationId/messages', access: 'operator', permission: 'chat', tag,
  summary: "Operator: reply with any message kind; it reaches the customer's room live",
  params: conversationParams,
  body: z.object({ message: operatorMessage }),
  response: z.object({ _id: z.string(), createdAt: isoDate }),
});

export const adminChatRead = endpoint({
  method: 'PUT', path: '/api/admin/chat/conversations/:conversationId/read', access: 'operator', permission: 'chat', tag,
  summary: "Operator: mark the customer's messages of a conversation as read",
  params: conversationParams,
  response: ok,
});

export const adminChatEndSession = endpoint({
  method: 'POST', path: '/api/admin/chat/conversations/:conversationId/end', access: 'operator', permission: 'chat', tag,
  summary: 'Operator: end the conversation session; the next message starts a new one (end-of-conversation marker)',
  params: conversationParams,
  response: z.object({ session_id: z.string() }),
});

/** The file behind an uploaded media message, for the console. */
export const adminChatFilePath = (fileId: string) => `/api/admin/chat/files/${fileId}`;

export const adminChatFile = endpoint({
  method: 'GET', path: '/api/admin/chat/files/:fileId', access: 'operator', permission: 'chat', tag, download: true,
  summary: 'Operator: the file behind a media message of any conversation, in its own type',
  params: chatFileParams,
  response: chatFileBytes,
});

/** What an operator uploads for an answer: the same files, limits and checks as the customer's. */
const operatorUpload = (kind: 'image' | 'video') => endpoint({
  method: 'POST', path: `/api/admin/chat/conversations/:conversationId/upload-${kind}`, access: 'operator', permission: 'chat', tag, multipart: true,
  summary: kind === 'image'
    ? "Operator: upload an image (png, jpeg, gif; at most 10 MB) to the conversation, for a media answer or a card's picture; returns its path"
    : 'Operator: upload a video (mp4, quicktime; at most 20 MB) to the conversation, for a media answer; returns its path',
  params: conversationParams,
  body: z.object({ file: z.any().describe(`${kind} file`) }),
  response: z.object({ path: z.string() }),
});

export const adminChatUploadImage = operatorUpload('image');
export const adminChatUploadVideo = operatorUpload('video');

export const chatOperatorEndpoints = {
  adminChatConversations,
  adminChatMessages,
  adminChatReply,
  adminChatRead,
  adminChatEndSession,
  adminChatFile,
  adminChatUploadImage,
  adminChatUploadVideo,
};
