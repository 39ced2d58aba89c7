import { z } from 'zod';
import { endpoint, MINUTE_MS } from '../endpoint';
import { CHAT } from '../constants';
import { idParam, isoDate, ok } from './common';

/**
 * The chat widget. Guests chat too (by a locally generated guest id), so every call is
 * public; when a bearer token is sent the conversation is the member's, whatever userId says.
 */
const tag = 'chat';

const id = z.string().min(1).max(100);
const who = {
  userId: id.optional(),
  guestId: id.optional(),
};

export const chatButton = z.object({
  type: z.enum(['web', 'call', 'postback', 'other']),
  title: z.string(),
  payload: z.string().describe('url, phone number or postback payload'),
});

export const mediaPayload = z.object({
  message: z.string().optional().describe('caption'),
  url: z.boolean().describe('filePath is an absolute url rather than an uploaded path'),
  fileType: z.enum(['image', 'video', 'file']),
  filePath: z.string(),
  name: z.string().optional(),
});

export const chatCard = z.object({
  image_url: z.string().nullable(),
  title: z.string(),
  subtitle: z.string().nullable(),
  buttons: z.array(chatButton),
});

const textMessage = z.object({ message_type: z.literal('text'), payload: z.string() });
const mediaMessage = z.object({ message_type: z.literal('media'), payload: mediaPayload });
const postbackMessage = z.object({
  message_type: z.literal('postback'),
  payload: z.object({ title: z.string(), payload: z.string() }),
});

/** Every kind of message the widget renders; the server sends kinds it does not know as 'unknown'. */
export const chatMessageBody = z.discriminatedUnion('message_type', [
  textMessage,
  z.object({
    message_type: z.literal('buttons'),
    payload: z.object({ text: z.string(), buttons: z.array(chatButton) }),
  }),
  mediaMessage,
  z.object({
    message_type: z.literal('quick_replies'),
    payload: z.object({ text: z.string(), replies: z.array(chatButton) }),
  }),
  z.object({ message_type: z.literal('generic'), payloads: z.array(chatCard) }),
  postbackMessage,
  z.object({ message_type: z.literal('unknown') }),
]);

export const conversationMessage = z.object({
  _id: z.string(),
  sender: z.string().describe("'customer' for the member or guest, anything else for the site"),
  message: chatMessageBody,
  userId: z.string().nullable(),
  guestId: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  deviceToken: z.string().nullable(),
  createdAt: isoDate,
  session_id: z.string().describe('conversation session; a new one starts after the end-of-conversation marker'),
});

/** What a customer may send: text, an uploaded file, or a button's postback. */
export const outgoingMessage = z.discriminatedUnion('message_type', [
  z.object({ message_type: z.literal('text'), payload: z.string().trim().min(1).max(CHAT.textMax) }),
  z.object({
    message_type: z.literal('media'),
    payload: z.object({
      message: z.string().max(CHAT.textMax).optional(),
      url: z.boolean(),
      fileType: z.enum(['image', 'video', 'file']),
      filePath: z.string().min(1).max(500),
      name: z.string().max(200).optional(),
    }),
  }),
  z.object({
    message_type: z.literal('postback'),
    payload: z.object({ title: z.string().max(200), payload: z.string().max(1000) }),
  }),
]);

export const chatConfig = endpoint({
  method: 'GET', path: '/api/chat/config', access: 'public', tag,
  summary: 'Chat settings: the prefix of the realtime room names',
  response: z.object({ PREFIX: z.string() }),
});

export const chatSendMessage = endpoint({
  method: 'POST', path: '/api/chat/send-message', access: 'public', tag,
  summary: "Send a customer's message; the server sets sender 'customer' and returns when it was stored",
  body: z.object({
    ...who,
    username: z.string().max(100).optional(),
    name: z.string().max(200).optional(),
    deviceToken: z.string().max(500).optional(),
    session_id: z.string().max(100).optional(),
    message: outgoingMessage,
  }),
  response: z.object({ _id: z.string(), createdAt: isoDate }),
  rateLimit: { per: 'customer', max: 30, windowMs: MINUTE_MS },
});

export const chatHistory = endpoint({
  method: 'POST', path: '/api/chat/history', access: 'public', tag,
  summary: 'A page of the conversation: limit messages, skipping the skip newest, oldest first',
  body: z.object({ ...who, limit: z.number().int().min(1).max(100), skip: z.number().int().min(0) }),
  response: z.object({ messages: z.array(conversationMessage) }),
  rateLimit: { per: 'customer', max: 60, windowMs: MINUTE_MS },
});

export const chatUploadImage = endpoint({
  method: 'POST', path: '/api/chat/upload-image', access: 'public', tag, multipart: true,
  summary: 'Upload an image (png, jpeg, gif; at most 10 MB) for a media message; returns its path',
  body: z.object({ file: z.any().describe('image file') }),
  response: z.object({ path: z.string() }),
  rateLimit: { per: 'customer', max: 10, windowMs: MINUTE_MS },
});

export const chatUploadVideo = endpoint({
  method: 'POST', path: '/api/chat/upload-video', access: 'public', tag, multipart: true,
  summary: 'Upload a video (mp4, quicktime; at most 20 MB) for a media message; returns its path',
  body: z.object({ file: z.any().describe('video file') }),
  response: z.object({ path: z.string() }),
  rateLimit: { per: 'customer', max: 10, windowMs: MINUTE_MS },
});

/** An uploaded file's id, as a media message's path names it. */
export const chatFileParams = z.object({ fileId: idParam });
/** A file's bytes, in the file's own type (documented only: files are not JSON). */
export const chatFileBytes = z.unknown().describe("the file's bytes, as image/png, image/jpeg, image/gif, video/mp4 or video/quicktime");

export const chatFile = endpoint({
  method: 'GET', path: '/api/chat/files/:fileId', access: 'public', tag, download: true,
  summary: "An uploaded file, to its own conversation only (the member's bearer token, or the guest id in the X-Chat-Guest header)",
  params: chatFileParams,
  response: chatFileBytes,
  rateLimit: { per: 'customer', max: 120, windowMs: MINUTE_MS },
});

export const chatReadCustomer = endpoint({
  method: 'PUT', path: '/api/chat/read-customer', access: 'public', tag,
  summary: "Mark the site's messages to this member or guest as read",
  body: z.object(who),
  response: ok,
  rateLimit: { per: 'customer', max: 60, windowMs: MINUTE_MS },
});

export const chatUnread = endpoint({
  method: 'POST', path: '/api/chat/unread', access: 'public', tag,
  summary: "How many of the site's messages to this member or guest are unread (the chat button's badge)",
  body: z.object(who),
  response: z.object({ unread: z.number().int().min(0) }),
  rateLimit: { per: 'customer', max: 60, windowMs: MINUTE_MS },
});

export const chatEndpoints = {
  chatConfig,
  chatSendMessage,
  chatHistory,
  chatUploadImage,
  chatUploadVideo,
  chatReadCustomer,
  chatFile,
  chatUnread,
};
