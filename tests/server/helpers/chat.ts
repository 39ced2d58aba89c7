import jpeg from 'jpeg-js';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { clientHeaders } from './app';
import { nextIp } from './accounts';
import { multipart } from './deposits';


/** A guest id as the widget makes it: random, url-safe. */
export const newGuestId = () => randomBytes(18).toString('base64url');

/** Tiny files whose first bytes are what their names say. */
export const SAMPLES = {
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), Buffer.alloc(32)]),
  jpeg: Buffer.from(jpeg.encode({ width: 4, height: 4, data: Buffer.alloc(4 * 4 * 4, 200) }, 80).data),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom'), Buffer.from([0, 0, 0, 8]), Buffer.from('mdat')]),
  /** The start of a Linux executable. */
  elf: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]),
};

/** One customer's chat calls, a member (token) or a guest (guest id), from an address of its own. */
export function chatClient(app: FastifyInstance, who: { token?: string; guestId?: string }, ip = nextIp()) {
  const headers = (extra: Record<string, string> = {}) => ({
    ...(who.token ? clientHeaders(who.token) : clientHeaders()),
    ...(who.guestId && !who.token ? { 'x-chat-guest': who.guestId } : {}),
    ...extra,
  });
  const ids = who.token ? {} : { guestId: who.guestId };
  return {
    send: (message: object, extra: object = {}) =>
      app.inject({ method: 'POST', url: '/api/chat/send-message', remoteAddress: ip, headers: headers(), payload: { ...ids, ...extra, message } }),
    sendText: (text: string) =>
      app.inject({ method: 'POST', url: '/api/chat/send-message', remoteAddress: ip, headers: headers(), payload: { ...ids, message: { message_type: 'text', payload: text } } }),
    history: (body: object = {}) =>
      app.inject({ method: 'POST', url: '/api/chat/history', remoteAddress: ip, headers: headers(), payload: { ...ids, limit: 10, skip: 0, ...body } }),
    read: () => app.inject({ method: 'PUT', url: '/api/chat/read-customer', remoteAddress: ip, headers: headers(), payload: { ...ids } }),
    unread: () => app.inject({ method: 'POST', url: '/api/chat/unread', remoteAddress: ip, headers: headers(), payload: { ...ids } }),
    upload: (kind: 'image' | 'video', file: Buffer, filename: string, type = 'application/octet-stream') => {
      const body = multipart(file, { filename, type });
      return app.inject({ method: 'POST', url: `/api/chat/upload-${kind}`, remoteAddress: ip, headers: headers({ 'content-type': body.contentType }), payload: body.payload });
    },
    file: (path: string) => app.inject({ method: 'GET', url: path, remoteAddress: ip, headers: headers() }),
  };
}

/** The operator chat API as a back-office operator (signed in: `operatorWith`) calls it; no token, no operator. */
export function operatorClient(app: FastifyInstance, token?: string) {
  const headers = clientHeaders(token);
  return {
    list: () => app.inject({ method: 'GET', url: '/api/admin/chat/conversations', headers }),
    messages: (id: string, limit = 10, skip = 0) => app.inject({ method: 'GET', url: `/api/admin/chat/conversations/${id}/messages?limit=${limit}&skip=${skip}`, headers }),
    reply: (id: string, message: object) => app.inject({ method: 'POST', url: `/api/admin/chat/conversations/${id}/messages`, headers, payload: { message } }),
    read: (id: string) => app.inject({ method: 'PUT', url: `/api/admin/chat/conversations/${id}/read`, headers }),
    end: (id: string) => app.inject({ method: 'POST', url: `/api/admin/chat/conversations/${id}/end`, headers }),
    file: (path: string) => app.inject({ method: 'GET', url: path.replace('/api/chat/files/', '/api/admin/chat/files/'), headers }),
    upload: (id: string, kind: 'image' | 'video', file: Buffer, filename: string) => {
      const body = multipart(file, { filename, type: 'application/octet-stream' });
      return app.inject({ method: 'POST', url: `/api/admin/chat/conversations/${id}/upload-${kind}`, headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
    },
  };
}

/** A socket.io client of the widget: connects, joins its room, collects 'messaging' events. */
export async function chatSocket(baseUrl: string, auth: { token?: string; guestId?: string }, room?: string) {
  const socket: Socket = io(baseUrl, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false, forceNew: true });
  const received: { _id: string; message: { message_type: string; payload?: unknown } }[] = [];
  socket.on('messaging', (m) => received.push(m));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const joined = (await socket.timeout(5000).emitWithAck('chat.join', room ? { room } : {})) as { ok: boolean; room?: string; message?: string };
  const waitFor = async (predicate: (m: (typeof received)[number]) => boolean, ms = 5000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const found = received.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no such message arrived');
  };
  return { socket, joined, received, waitFor };
}

/** A socket.io client of the back office's chat page: connects with an operator's token, joins the console room, collects change events. */
export async function consoleSocket(baseUrl: string, operatorToken?: string) {
  const socket: Socket = io(baseUrl, { path: '/socket.io', auth: operatorToken ? { operatorToken } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  const changed: string[] = [];
  socket.on('chat.console', (event: { conversationId: string }) => changed.push(event.conversationId));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const joined = (await socket.timeout(5000).emitWithAck('chat.console.join', {})) as { ok: boolean; message?: string };
  /** Waits until `count` change events of the conversation have arrived. */
  const waitFor = async (conversationId: string, count = 1, ms = 5000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (changed.filter((id) => id === conversationId).length >= count) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${count} change(s) of ${conversationId} did not arrive (got ${changed.length} events)`);
  };
  return { socket, joined, changed, waitFor };
}
