import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT } from '../../src/contract';
import { CHAT_LIMITS } from '../../src/server/modules/chat/routes';
import { UnsentUploads } from '../../src/server/modules/chat/unsent-uploads';
import { UPLOAD_BUDGET_WINDOW_MS } from '../../src/server/modules/chat/upload-budget';
import { LocalDiskStorage } from '../../src/server/providers/storage/local-disk';
import { build, type TestApp } from './helpers/app';
import { chatClient, chatSocket, consoleSocket, newGuestId, operatorClient, SAMPLES } from './helpers/chat';
import { engines } from './helpers/db';
import { blankPng } from './helpers/deposits';
import { seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';

describe.each(engines)('support chat on %s', (engine) => {
  let t: TestApp;
  let storageDir: string;
  let baseUrl: string;
  /** A back-office operator with the support role, signed in. */
  let supportToken: string;
  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-files-'));
    t = await build(engine, { CHAT_STORAGE_DIR: storageDir, CHAT_ROOM_PREFIX: 'support:', SOCKET_SESSION_CHECK_MS: '200' });
    supportToken = (await operatorWith(t.app, 'support')).token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    // A fresh database and the migrations take long on a busy shared machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const operator = () => operatorClient(t.app, supportToken);
  const conversationOf = async (who: { memberId?: number; guestId?: string }) => {
    const q = t.app.ctx.db.selectFrom('chat_conversation').select('id');
    const row = await (who.memberId ? q.where('member_id', '=', who.memberId) : q.where('guest_id', '=', who.guestId!)).executeTakeFirstOrThrow();
    return row.id;
  };

  it('answers the room prefix', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/chat/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ PREFIX: 'support:' });
  });

  it("keeps a guest's conversation: sent messages come back in order, newest page first, and another guest sees none", async () => {
    const guestId = newGuestId();
    const guest = chatClient(t.app, { guestId });
    const ids: string[] = [];
    for (let i = 1; i <= 12; i += 1) {
      const res = await guest.send({ message_type: 'text', payload: `  hello ${i}  ` }, { name: 'Guest', deviceToken: 'dev-1' });
      expect(res.statusCode, res.body).toBe(200);
      expect(Number.isNaN(Date.parse(res.json().createdAt))).toBe(false);
      ids.push(res.json()._id);
    }
    const first = (await guest.history()).json().messages;
    expect(first.map((m: { _id: string }) => m._id)).toEqual(ids.slice(2));
    expect(first[0]).toMatchObject({ sender: 'customer', guestId, userId: null, name: 'Guest', deviceToken: 'dev-1', message: { message_type: 'text', payload: 'hello 3' } });
    const older = (await guest.history({ skip: 10 })).json().messages;
    expect(older.map((m: { _id: string }) => m._id)).toEqual(ids.slice(0, 2));
    expect((await chatClient(t.app, { guestId: newGuestId() }).history()).json().messages).toEqual([]);
  });

  it('refuses empty, over-long and identity-less messages with codes', async () => {
    const guest = chatClient(t.app, { guestId: newGuestId() });
    expect((await guest.sendText('   ')).json()).toEqual({ message: 'INVALID_INPUT' });
    expect((await guest.sendText('x'.repeat(CHAT.textMax + 1))).json()).toEqual({ message: 'INVALID_INPUT' });
    expect((await guest.sendText('x'.repeat(CHAT.textMax))).statusCode).toBe(200);
    const nobody = chatClient(t.app, {});
    const res = await nobody.sendText('hi');
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'INVALID_INPUT' }]);
    const short = chatClient(t.app, { guestId: 'abc' });
    expect((await short.sendText('hi')).json()).toEqual({ message: 'INVALID_INPUT' });
  });

  it("never shows a member's conversation to another member, a guest, or a caller without the token", async () => {
    const a = await seedMember(t.app, { name: 'Member A' });
    const b = await seedMember(t.app);
    const sent = await chatClient(t.app, { token: a.token }).send({ message_type: 'text', payload: 'my secret' }, { name: 'Someone else' });
    expect(sent.statusCode, sent.body).toBe(200);
    const own = (await chatClient(t.app, { token: a.token }).history()).json().messages;
    // The member's own name, not the one the request claimed.
    expect(own).toEqual([expect.objectContaining({ userId: String(a.id), guestId: null, name: 'Member A', username: a.username })]);

    // B asking for A's user id gets B's own (empty) conversation.
    expect((await chatClient(t.app, { token: b.token }).history({ userId: String(a.id) })).json().messages).toEqual([]);
    // No token but A's user id: refused, to /login.
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/chat/history', payload: { userId: String(a.id), limit: 10, skip: 0 } });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { message: 'invalid-token' }]);
    // A guest id shaped like anything still names only a guest conversation.
    expect((await chatClient(t.app, { guestId: `member-${a.id}-aaaaaaaaaaaa` }).history()).json().messages).toEqual([]);
    // A bad token is not quietly treated as a guest.
    const forged = await chatClient(t.app, { token: 'not-a-token' }).history();
    expect([forged.statusCode, forged.json()]).toEqual([401, { message: 'invalid-token' }]);
  });

  it('stores uploads by content and name, and serves them only to their conversation and operators', async () => {
    const a = await seedMember(t.app);
    const b = await seedMember(t.app);
    const guestId = newGuestId();
    const chatA = chatClient(t.app, { token: a.token });
    const png = blankPng(40, 40);
    const up = await chatA.upload('image', png, 'photo.PNG', 'image/png');
    expect(up.statusCode, up.body).toBe(200);
    const filePath: string = up.json().path;
    expect(filePath).toMatch(/^\/api\/chat\/files\/[0-9a-f-]{36}$/);

    for (const [file, name] of [[SAMPLES.gif, 'a.gif'], [SAMPLES.jpeg, 'b.jpg'], [SAMPLES.jpeg, 'c.jpeg']] as const) {
      expect((await chatA.upload('image', file, name)).statusCode).toBe(200);
    }
    expect((await chatA.upload('video', SAMPLES.mp4, 'clip.mp4')).statusCode).toBe(200);
    expect((await chatA.upload('video', SAMPLES.mp4, 'clip.mov')).statusCode).toBe(200);

    const mine = await chatA.file(filePath);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(mine.rawPayload, png)).toBe(0);

    expect((await chatClient(t.app, { token: b.token }).file(filePath)).json()).toEqual({ message: 'NOT_FOUND' });
    expect((await chatClient(t.app, { guestId }).file(filePath)).json()).toEqual({ message: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url: filePath })).json()).toEqual({ message: 'INVALID_INPUT' });
    const byOperator = await operator().file(filePath);
    expect(byOperator.statusCode).toBe(200);
    expect(Buffer.compare(byOperator.rawPayload, png)).toBe(0);
    expect((await operatorClient(t.app).file(filePath)).statusCode).toBe(401);

    // B cannot post A's file as a media message either.
    const stolen = await chatClient(t.app, { token: b.token }).send({ message_type: 'media', payload: { url: false, fileType: 'image', filePath } });
    expect(stolen.json()).toEqual({ message: 'NOT_FOUND' });
    const outside = await chatA.send({ message_type: 'media', payload: { url: true, fileType: 'image', filePath: 'https://tracker.example/p.gif' } });
    expect(outside.json()).toEqual({ message: 'NOT_FOUND' });
    const media = await chatA.send({ message_type: 'media', payload: { url: false, fileType: 'video', filePath, name: 'forged.exe', message: 'look' } });
    expect(media.statusCode, media.body).toBe(200);
    const last = (await chatA.history()).json().messages.at(-1);
    expect(last.message).toEqual({ message_type: 'media', payload: { message: 'look', url: false, fileType: 'image', filePath, name: 'photo.PNG' } });
  });

  it('answers NOT_FOUND, never a 500, for a file id of 36 hex digits and dashes that is no UUID', async () => {
    const dashes = `/api/chat/files/${'-'.repeat(36)}`;
    const guest = chatClient(t.app, { guestId: newGuestId() });
    expect((await guest.sendText('hello')).statusCode).toBe(200);
    for (const res of [
      await guest.file(dashes),
      await operator().file(dashes),
      await guest.send({ message_type: 'media', payload: { url: false, fileType: 'image', filePath: dashes } }),
    ]) expect([res.statusCode, res.json()]).toEqual([404, { message: 'NOT_FOUND' }]);
  });

  it('refuses a 25 MB upload, an image past 10 MB or 50 megapixels, a renamed executable and a misnamed file, storing nothing', async () => {
    const chat = chatClient(t.app, { guestId: newGuestId() });
    const before = fs.readdirSync(storageDir).length;
    const huge = await chat.upload('video', Buffer.concat([SAMPLES.mp4, Buffer.alloc(25 * 1024 * 1024)]), 'big.mp4');
    expect([huge.statusCode, huge.json()]).toEqual([413, { message: 'FILE_TOO_LARGE' }]);
    // Just past the limit: refused while streaming, not by its declared length.
    const over = await chat.upload('image', Buffer.concat([blankPng(10, 10), Buffer.alloc(CHAT.imageMaxBytes)]), 'big.png');
    expect([over.statusCode, over.json()]).toEqual([413, { message: 'FILE_TOO_LARGE' }]);
    const exe = await chat.upload('image', SAMPLES.elf, 'cute-cat.png', 'image/png');
    expect([exe.statusCode, exe.json()]).toEqual([415, { message: 'FILE_NOT_SUPPORTED' }]);
    const exeVideo = await chat.upload('video', SAMPLES.elf, 'clip.mp4', 'video/mp4');
    expect(exeVideo.json()).toEqual({ message: 'FILE_NOT_SUPPORTED' });
    const misnamed = await chat.upload('image', blankPng(10, 10), 'setup.exe');
    expect(misnamed.json()).toEqual({ message: 'FILE_NOT_SUPPORTED' });
    const noExtension = await chat.upload('image', blankPng(10, 10), 'photo');
    expect(noExtension.json()).toEqual({ message: 'FILE_NOT_SUPPORTED' });
    const videoAsImage = await chat.upload('image', SAMPLES.mp4, 'clip.mp4');
    expect(videoAsImage.json()).toEqual({ message: 'FILE_NOT_SUPPORTED' });
    const empty = await chat.upload('image', Buffer.alloc(0), 'x.png');
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'CHAT_FILE_REQUIRED' }]);
    // Small on the wire, 900 megapixels decoded in every browser that shows it: refused from its header.
    const bomb = blankPng(10, 10);
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    const bombed = await chat.upload('image', bomb, 'bomb.png');
    expect([bombed.statusCode, bombed.json()]).toEqual([413, { message: 'FILE_TOO_LARGE' }]);
    expect(fs.readdirSync(storageDir).length).toBe(before);
  });

  it('lets only the operator in: lists by last activity with unread counts, reads, replies live, marks read', async () => {
    const guestId = newGuestId();
    const member = await seedMember(t.app, { name: 'Live Member' });
    const guest = chatClient(t.app, { guestId });
    const memberChat = chatClient(t.app, { token: member.token });
    await guest.sendText('guest question 1');
    await guest.sendText('guest question 2');
    await memberChat.sendText('member question');

    for (const token of [undefined, 'wrong-token-wrong-token-wrong', member.token]) {
      const res = await operatorClient(t.app, token).list();
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'invalid-token' }]);
    }
    // An operator whose role does not answer members (finance) is refused too.
    const finance = await operatorWith(t.app, 'finance');
    const refused = await operatorClient(t.app, finance.token).list();
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'FORBIDDEN' }]);

    const list = (await operator().list()).json().conversations;
    expect(list[0]).toMatchObject({ userId: String(member.id), name: 'Live Member', unread: 1, lastMessage: { message: { payload: 'member question' } } });
    expect(list[1]).toMatchObject({ guestId, unread: 2 });
    const guestConversation = list[1]._id;

    const memberLive = await chatSocket(baseUrl, { token: member.token });
    const guestLive = await chatSocket(baseUrl, { guestId });
    expect(memberLive.joined).toEqual({ ok: true, room: `support:member:${member.id}` });
    expect(guestLive.joined).toEqual({ ok: true, room: `support:guest:${guestId}` });
    try {
      const reply = await operator().reply(guestConversation, {
        message_type: 'buttons',
        payload: { text: 'How can we help?', buttons: [{ type: 'web', title: 'Site', payload: 'https://example.com' }, { type: 'postback', title: 'Deposit', payload: 'DEPOSIT' }] },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      const live = await guestLive.waitFor((m) => m._id === reply.json()._id);
      expect(live).toMatchObject({ sender: 'operator', guestId, message: { message_type: 'buttons' } });
      // The answer is in the back office's audit log, under the operator who sent it, with its message.
      const line = await t.app.ctx.db.selectFrom('operator_audit').selectAll().where('action', '=', 'chat.reply').where('target_id', '=', guestConversation).executeTakeFirstOrThrow();
      expect(line.operator_username).toMatch(/^support/);
      expect(line.after).toMatchObject({ messageId: reply.json()._id, type: 'buttons' });
      // The member's socket is in another room and hears nothing of it.
      await new Promise((r) => setTimeout(r, 100));
      expect(memberLive.received.find((m) => m._id === reply.json()._id)).toBeUndefined();

      const unsafe = await operator().reply(guestConversation, { message_type: 'buttons', payload: { text: 'x', buttons: [{ type: 'web', title: 'x', payload: 'javascript:alert(1)' }] } });
      expect(unsafe.json()).toEqual({ message: 'INVALID_INPUT' });
      for (const message of [
        { message_type: 'text', payload: 'plain' },
        { message_type: 'quick_replies', payload: { text: 'Choose', replies: [{ type: 'postback', title: 'Yes', payload: 'YES' }] } },
        { message_type: 'generic', payloads: [{ image_url: null, title: 'Promo', subtitle: 'Now', buttons: [{ type: 'call', title: 'Call', payload: '+66 2 000 0000' }] }] },
        { message_type: 'media', payload: { url: true, fileType: 'image', filePath: 'https://example.com/banner.png' } },
        { message_type: 'postback', payload: { title: 'Deposit', payload: 'DEPOSIT' } },
      ]) {
        const res = await operator().reply(guestConversation, message);
        expect(res.statusCode, res.body).toBe(200);
        await guestLive.waitFor((m) => m._id === res.json()._id);
      }
    } finally {
      memberLive.socket.disconnect();
      guestLive.socket.disconnect();
    }

    const read = (await operator().messages(guestConversation, 3, 0)).json();
    expect(read.messages).toHaveLength(3);
    expect(read.messages.at(-1).message.message_type).toBe('postback');
    expect((await operator().read(guestConversation)).json()).toEqual({ message: 'OK' });
    const after = (await operator().list()).json().conversations;
    // The guest gave no name; the conversation is not named after the operator who answered last.
    expect(after.find((c: { _id: string }) => c._id === guestConversation)).toMatchObject({ unread: 0, name: null });
    expect(after[0]._id).toBe(guestConversation);

    // The customer reads the operator's messages.
    const unreadBefore = await t.app.ctx.db.selectFrom('chat_message').select('id').where('conversation_id', '=', guestConversation).where('sender', '<>', 'customer').where('read_at', 'is', null).execute();
    expect(unreadBefore.length).toBe(6);
    expect((await guest.read()).json()).toEqual({ message: 'OK' });
    const unreadAfter = await t.app.ctx.db.selectFrom('chat_message').select('id').where('conversation_id', '=', guestConversation).where('sender', '<>', 'customer').where('read_at', 'is', null).execute();
    expect(unreadAfter.length).toBe(0);

    expect((await operator().read('00000000-0000-4000-8000-000000000000')).json()).toEqual({ message: 'NOT_FOUND' });
  });

  it("tells the back office's chat pages which conversation changed, and nobody else", async () => {
    const support = await operatorWith(t.app, 'support');
    const finance = await operatorWith(t.app, 'finance');
    const member = await seedMember(t.app, { name: 'Console Member' });
    const live = await consoleSocket(baseUrl, support.token);
    const forbidden = await consoleSocket(baseUrl, finance.token);
    const memberToken = await consoleSocket(baseUrl, member.token);
    const nobody = await consoleSocket(baseUrl);
    // A member socket of the widget is not in the console room either.
    const widget = await chatSocket(baseUrl, { token: member.token });
    const widgetHeard: unknown[] = [];
    widget.socket.on('chat.console', (e) => widgetHeard.push(e));
    try {
      expect(live.joined).toEqual({ ok: true });
      expect(forbidden.joined).toEqual({ ok: false, message: 'FORBIDDEN' });
      expect(memberToken.joined).toEqual({ ok: false, message: 'invalid-token' });
      expect(nobody.joined).toEqual({ ok: false, message: 'invalid-token' });

      // A customer's message, an answer, a read mark and an ended session: each is told once, by id only.
      const guestId = newGuestId();
      await chatClient(t.app, { guestId }).sendText('is anyone there?');
      const id = await conversationOf({ guestId });
      await live.waitFor(id, 1);
      expect((await operator().reply(id, { message_type: 'text', payload: 'yes' })).statusCode).toBe(200);
      await live.waitFor(id, 2);
      expect((await operator().read(id)).statusCode).toBe(200);
      await live.waitFor(id, 3);
      expect((await operator().end(id)).statusCode).toBe(200);
      await live.waitFor(id, 4);
      await chatClient(t.app, { token: member.token }).sendText('member question');
      const memberConversation = await conversationOf({ memberId: member.id });
      await live.waitFor(memberConversation, 1);

      await new Promise((r) => setTimeout(r, 150));
      expect(live.changed.filter((c) => c === id)).toHaveLength(4);
      for (const s of [forbidden, memberToken, nobody]) expect(s.changed).toEqual([]);
      expect(widgetHeard).toEqual([]);

      // Signed out: the console's socket is ended within the session check, and hears nothing more.
      expect((await support.post('/api/admin/logout')).statusCode).toBe(200);
      await expect.poll(() => live.socket.connected, { timeout: 5_000 }).toBe(false);
    } finally {
      for (const s of [live, forbidden, memberToken, nobody, widget]) s.socket.disconnect();
    }
  });

  it('starts a new session after the operator ends one', async () => {
    const guestId = newGuestId();
    const guest = chatClient(t.app, { guestId });
    await guest.sendText('before');
    const id = await conversationOf({ guestId });
    const ended = await operator().end(id);
    expect(ended.statusCode).toBe(200);
    await guest.sendText('after');
    const messages = (await guest.history()).json().messages;
    expect(messages[0].session_id).not.toBe(messages[1].session_id);
    expect(messages[1].session_id).toBe(ended.json().session_id);
  });

  it("counts the site's unread messages for the chat button's badge, the customer's own only", async () => {
    const guestId = newGuestId();
    const guest = chatClient(t.app, { guestId });
    // No conversation yet: nothing unread, and nothing made by asking.
    expect((await guest.unread()).json()).toEqual({ unread: 0 });
    expect(await t.app.ctx.db.selectFrom('chat_conversation').select('id').where('guest_id', '=', guestId).execute()).toEqual([]);
    await guest.sendText('question');
    expect((await guest.unread()).json()).toEqual({ unread: 0 });
    const id = await conversationOf({ guestId });
    for (const payload of ['one', 'two']) expect((await operator().reply(id, { message_type: 'text', payload })).statusCode).toBe(200);
    expect((await guest.unread()).json()).toEqual({ unread: 2 });
    // Another guest, a member, and a caller who names nobody see none of it.
    expect((await chatClient(t.app, { guestId: newGuestId() }).unread()).json()).toEqual({ unread: 0 });
    const member = await seedMember(t.app);
    expect((await chatClient(t.app, { token: member.token }).unread()).json()).toEqual({ unread: 0 });
    expect((await chatClient(t.app, {}).unread()).json()).toEqual({ message: 'INVALID_INPUT' });
    expect((await chatClient(t.app, { token: 'forged-token-forged-token' }).unread()).json()).toEqual({ message: 'invalid-token' });
    expect((await guest.read()).statusCode).toBe(200);
    expect((await guest.unread()).json()).toEqual({ unread: 0 });
  });

  it('lets an operator answer with an uploaded image or video, a card with a picture, and a file link; never a script or data address', async () => {
    const guestId = newGuestId();
    const guest = chatClient(t.app, { guestId });
    await guest.sendText('can you show me?');
    const id = await conversationOf({ guestId });
    const otherGuestId = newGuestId();
    await chatClient(t.app, { guestId: otherGuestId }).sendText('someone else');
    const otherId = await conversationOf({ guestId: otherGuestId });

    // Only a chat operator uploads, to a conversation that exists, files of the allowed kinds.
    expect((await operatorClient(t.app).upload(id, 'image', blankPng(20, 20), 'a.png')).statusCode).toBe(401);
    const finance = await operatorWith(t.app, 'finance');
    expect((await operatorClient(t.app, finance.token).upload(id, 'image', blankPng(20, 20), 'a.png')).json()).toEqual({ message: 'FORBIDDEN' });
    expect((await operator().upload('00000000-0000-4000-8000-000000000000', 'image', blankPng(20, 20), 'a.png')).json()).toEqual({ message: 'NOT_FOUND' });
    expect((await operator().upload(id, 'image', SAMPLES.elf, 'a.png')).json()).toEqual({ message: 'FILE_NOT_SUPPORTED' });

    const image = await operator().upload(id, 'image', blankPng(30, 30), 'offer.png');
    expect(image.statusCode, image.body).toBe(200);
    const imagePath: string = image.json().path;
    expect(imagePath).toMatch(/^\/api\/chat\/files\/[0-9a-f-]{36}$/);
    const video = await operator().upload(id, 'video', SAMPLES.mp4, 'how-to.mp4');
    expect(video.statusCode, video.body).toBe(200);
    const videoPath: string = video.json().path;

    const answers = [
      { message_type: 'media', payload: { url: false, fileType: 'image', filePath: imagePath, name: 'offer.png' } },
      { message_type: 'media', payload: { url: false, fileType: 'video', filePath: videoPath, name: 'how-to.mp4' } },
      { message_type: 'media', payload: { url: true, fileType: 'file', filePath: 'https://example.com/terms.pdf', name: 'Terms (PDF)' } },
      { message_type: 'generic', payloads: [
        { image_url: imagePath, title: 'Our offer', subtitle: 'Today only', buttons: [{ type: 'postback', title: 'Tell me more', payload: 'OFFER' }] },
        { image_url: 'https://cdn.example.com/card.jpg', title: 'Elsewhere', subtitle: null, buttons: [] },
      ] },
    ];
    for (const message of answers) {
      const res = await operator().reply(id, message);
      expect(res.statusCode, res.body).toBe(200);
    }
    const history = (await guest.history()).json().messages;
    expect(history.slice(-4).map((m: { message: unknown }) => m.message)).toEqual(answers);
    // The customer reads the operator's uploads as their own; the uploads are kept (attached).
    const seen = await guest.file(imagePath);
    expect([seen.statusCode, seen.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await guest.file(videoPath)).headers['content-type']).toBe('video/mp4');
    const kept = await t.app.ctx.db.selectFrom('chat_file').select(['id', 'attached_at']).where('conversation_id', '=', id).execute();
    expect(kept.length).toBe(2);
    expect(kept.every((f) => f.attached_at !== null)).toBe(true);

    // Another conversation's upload is not this one's to show, in a message or on a card.
    const theirs = (await operator().upload(otherId, 'image', blankPng(12, 12), 'theirs.png')).json().path as string;
    for (const message of [
      { message_type: 'media', payload: { url: false, fileType: 'image', filePath: theirs } },
      { message_type: 'generic', payloads: [{ image_url: theirs, title: 'x', subtitle: null, buttons: [] }] },
    ]) expect((await operator().reply(id, message)).json()).toEqual({ message: 'NOT_FOUND' });
    // Only https addresses and this chat's uploads: no script, data, plain http or made-up path.
    for (const address of ['javascript:alert(1)', 'data:image/png;base64,iVBORw0KGgo=', 'http://example.com/a.png', 'https://user:pw@example.com/a.png', '/api/admin/chat/files/x', 'https://']) {
      for (const message of [
        { message_type: 'media', payload: { url: true, fileType: 'image', filePath: address } },
        { message_type: 'media', payload: { url: false, fileType: 'image', filePath: address } },
        { message_type: 'generic', payloads: [{ image_url: address, title: 'x', subtitle: null, buttons: [] }] },
      ]) {
        const res = await operator().reply(id, message);
        expect([res.statusCode, res.json()], `${address} ${message.message_type}`).toEqual([400, { message: 'INVALID_INPUT' }]);
      }
    }
  });

  it('lets no socket into a room but its own', async () => {
    const member = await seedMember(t.app);
    const guestId = newGuestId();
    const intruder = await chatSocket(baseUrl, { guestId }, `support:member:${member.id}`);
    expect(intruder.joined).toEqual({ ok: false, message: 'UNAUTHORIZED' });
    const forged = await chatSocket(baseUrl, { token: 'forged-token' });
    expect(forged.joined).toEqual({ ok: false, message: 'invalid-token' });
    const nobody = await chatSocket(baseUrl, {});
    expect(nobody.joined).toEqual({ ok: false, message: 'INVALID_INPUT' });
    try {
      await chatClient(t.app, { token: member.token }).sendText('hello');
      const id = await conversationOf({ memberId: member.id });
      const reply = await operator().reply(id, { message_type: 'text', payload: 'private answer' });
      await new Promise((r) => setTimeout(r, 150));
      for (const s of [intruder, forged, nobody]) expect(s.received.find((m) => m._id === reply.json()._id)).toBeUndefined();
    } finally {
      for (const s of [intruder, forged, nobody]) s.socket.disconnect();
    }
  });

  it('limits each customer and each address', async () => {
    const guest = chatClient(t.app, { guestId: newGuestId() });
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) codes.push((await guest.sendText(`m${i}`)).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    const limited = await guest.sendText('one more');
    expect([limited.statusCode, limited.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
    // Another guest on another address is not held back.
    expect((await chatClient(t.app, { guestId: newGuestId() }).sendText('hi')).statusCode).toBe(200);

    // Many guests behind one address share its limit.
    const address = '10.250.250.250';
    const answers: number[] = [];
    for (let i = 0; i <= CHAT_LIMITS.perAddressPerMinute; i += 1) answers.push((await chatClient(t.app, { guestId: newGuestId() }, address).history()).statusCode);
    expect(answers.slice(0, CHAT_LIMITS.perAddressPerMinute).every((c) => c === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

});

/** A 100 KB image: a small PNG and padding after it (what a phone photo weighs, near enough). */
const PHOTO = Buffer.concat([blankPng(10, 10), Buffer.alloc(100_000)]);
const MINUTE = 60_000;

describe.each(engines)('chat uploads: byte budgets and unsent files on %s', (engine) => {
  let t: TestApp;
  let storageDir: string;
  let now: Date;
  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-budget-'));
    t = await build(engine, {
      CHAT_STORAGE_DIR: storageDir,
      // Four photos an hour from one address, two into one conversation.
      CHAT_UPLOAD_ADDRESS_BYTES_PER_HOUR: String(Math.floor(PHOTO.length * 4.5)),
      CHAT_UPLOAD_CUSTOMER_BYTES_PER_HOUR: String(Math.floor(PHOTO.length * 2.5)),
      CHAT_UPLOAD_GRACE_MS: String(60 * MINUTE),
    });
    now = new Date();
    vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => now);
  }, 180_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const stored = () => fs.readdirSync(storageDir).filter((f) => !f.endsWith('.partial'));
  const rowOf = (filePath: string) => t.app.ctx.db.selectFrom('chat_file').selectAll().where('id', '=', filePath.split('/').at(-1)!).executeTakeFirst();
  let address = 0;
  const newAddress = () => `10.77.${Math.floor(++address / 250)}.${address % 250}`;

  it('refuses an address past its bytes an hour, however many fresh guest ids it makes (REQUEST_LIMIT), until the hour has passed', async () => {
    const ip = newAddress();
    const before = stored().length;
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await chatClient(t.app, { guestId: newGuestId() }, ip).upload('image', PHOTO, 'photo.png'));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 429, 429]);
    expect(answers[4]!.json()).toEqual({ message: 'REQUEST_LIMIT' });
    expect(stored().length).toBe(before + 4);
    const rows = await t.app.ctx.db.selectFrom('chat_file').select(['size_bytes', 'uploader_ip']).where('uploader_ip', '=', ip).execute();
    expect(rows.map((r) => Number(r.size_bytes))).toEqual(Array(4).fill(PHOTO.length));

    // Another address is not held back; the same one is again an hour later.
    expect((await chatClient(t.app, { guestId: newGuestId() }, newAddress()).upload('image', PHOTO, 'photo.png')).statusCode).toBe(200);
    now = new Date(now.getTime() + UPLOAD_BUDGET_WINDOW_MS + 1000);
    expect((await chatClient(t.app, { guestId: newGuestId() }, ip).upload('image', PHOTO, 'photo.png')).statusCode).toBe(200);
  });

  it('keeps exactly the budget when six uploads from one address arrive at once', async () => {
    const ip = newAddress();
    const before = stored().length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => chatClient(t.app, { guestId: newGuestId() }, ip).upload('image', PHOTO, 'photo.png')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 429, 429]);
    expect(stored().length).toBe(before + 4);
    expect((await t.app.ctx.db.selectFrom('chat_file').select('id').where('uploader_ip', '=', ip).execute()).length).toBe(4);
  });

  it('refuses one conversation past its bytes an hour from any address, members as guests', async () => {
    const guestId = newGuestId();
    const guest = () => chatClient(t.app, { guestId }, newAddress());
    const answers = [await guest().upload('image', PHOTO, 'a.png'), await guest().upload('image', PHOTO, 'b.png'), await guest().upload('image', PHOTO, 'c.png')];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2]!.json()).toEqual({ message: 'REQUEST_LIMIT' });

    const member = await seedMember(t.app);
    const asMember = () => chatClient(t.app, { token: member.token }, newAddress());
    const byMember = [await asMember().upload('image', PHOTO, 'a.png'), await asMember().upload('image', PHOTO, 'b.png'), await asMember().upload('image', PHOTO, 'c.png')];
    expect(byMember.map((a) => a.statusCode)).toEqual([200, 200, 429]);
    // Small files still fit where a photo no longer does.
    expect((await guest().upload('image', SAMPLES.gif, 'tiny.gif')).statusCode).toBe(200);
  });

  it('keeps an upload once a sent message names it, and deletes the one no message named after the grace time', async () => {
    const guestId = newGuestId();
    const chat = chatClient(t.app, { guestId }, newAddress());
    const sent: string = (await chat.upload('image', SAMPLES.gif, 'sent.gif')).json().path;
    const unsent: string = (await chat.upload('image', SAMPLES.gif, 'unsent.gif')).json().path;
    expect((await chat.send({ message_type: 'media', payload: { url: false, fileType: 'image', filePath: sent } })).statusCode).toBe(200);
    expect((await rowOf(sent))!.attached_at).not.toBeNull();
    expect((await rowOf(unsent))!.attached_at).toBeNull();

    // Within the grace time nothing goes.
    now = new Date(now.getTime() + 59 * MINUTE);
    await t.app.chatUnsentUploads.sweep();
    expect((await chat.file(unsent)).statusCode).toBe(200);

    now = new Date(now.getTime() + 2 * MINUTE);
    expect(await t.app.chatUnsentUploads.sweep()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(unsent)).toBeUndefined();
    expect(stored()).not.toContain(unsent.split('/').at(-1));
    expect((await chat.file(unsent)).json()).toEqual({ message: 'NOT_FOUND' });
    const late = await chat.send({ message_type: 'media', payload: { url: false, fileType: 'image', filePath: unsent } });
    expect([late.statusCode, late.json()]).toEqual([404, { message: 'NOT_FOUND' }]);

    const kept = await chat.file(sent);
    expect(kept.statusCode).toBe(200);
    expect(Buffer.compare(kept.rawPayload, SAMPLES.gif)).toBe(0);
    expect(stored()).toContain(sent.split('/').at(-1));
  });

  it('sweeps each unsent upload once when two nodes sweep at the same moment', async () => {
    const paths: string[] = [];
    for (let i = 0; i < 12; i += 1) paths.push((await chatClient(t.app, { guestId: newGuestId() }, newAddress()).upload('image', SAMPLES.gif, `f${i}.gif`)).json().path);
    now = new Date(now.getTime() + 61 * MINUTE);
    const waiting = (await t.app.ctx.db.selectFrom('chat_file').select('id').where('attached_at', 'is', null).execute()).length;
    expect(waiting).toBeGreaterThanOrEqual(12);
    const otherNode = new UnsentUploads({ db: t.app.ctx.db, storage: new LocalDiskStorage(storageDir), clock: t.app.ctx.clock, graceMs: 60 * MINUTE });
    const counts = await Promise.all([t.app.chatUnsentUploads.sweep(), otherNode.sweep(), t.app.chatUnsentUploads.sweep()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(waiting);
    expect(await t.app.ctx.db.selectFrom('chat_file').select('id').where('attached_at', 'is', null).execute()).toEqual([]);
    for (const p of paths) expect(stored()).not.toContain(p.split('/').at(-1));
  });
});

describe.each(engines)('the sweep of unsent chat uploads on its timer on %s', (engine) => {
  let t: TestApp;
  let storageDir: string;
  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-sweep-'));
    t = await build(engine, { CHAT_STORAGE_DIR: storageDir, CHAT_UPLOAD_SWEEP_MS: '100', CHAT_UPLOAD_GRACE_MS: String(60 * MINUTE) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  it('deletes an unsent upload once its grace time has passed, with no one asking', async () => {
    const chat = chatClient(t.app, { guestId: newGuestId() });
    const filePath: string = (await chat.upload('image', SAMPLES.gif, 'left.gif')).json().path;
    const id = filePath.split('/').at(-1)!;
    const row = () => t.app.ctx.db.selectFrom('chat_file').select('id').where('id', '=', id).executeTakeFirst();
    expect(await row()).toBeDefined();
    const later = new Date(Date.now() + 61 * MINUTE);
    vi.spyOn(t.app.ctx.clock, 'now').mockImplementation(() => later);
    await expect.poll(row, { timeout: 20_000, interval: 100 }).toBeUndefined();
    expect(fs.readdirSync(storageDir)).not.toContain(id);
  });
});
