import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { TIMEOUTS } from '../../src/contract/constants';
import {
  chatDeliveryMachine,
  UPLOAD_TIMEOUT_CODE,
  type ChatAttachment,
  type ChatDeliveryEvent,
  type ChatDeliveryInput,
  type OutgoingChatMessage,
  type SentMessage,
  type UploadFileInput,
} from '../../machines/chatDeliveryMachine';

const image: ChatAttachment = { file: new Blob([new Uint8Array(10)], { type: 'image/png' }), fileName: 'cat.png', fileType: 'image' };
const SENT: SentMessage = { _id: 'm-1', createdAt: '2025-06-01T10:00:00.000Z' };

/** Puppet actors: every upload and send is recorded and answered by the test. */
function start(input: ChatDeliveryInput) {
  const uploads: { input: UploadFileInput; sendBack: (e: ChatDeliveryEvent) => void; stopped: boolean }[] = [];
  const sends: { message: OutgoingChatMessage; resolve: (s: SentMessage) => void; reject: (e: unknown) => void }[] = [];
  const alerts: string[] = [];
  const actor = createActor(
    chatDeliveryMachine.provide({
      actors: {
        uploadFile: fromCallback<ChatDeliveryEvent, UploadFileInput>(({ input, sendBack }) => {
          const upload = { input, sendBack, stopped: false };
          uploads.push(upload);
          return () => {
            upload.stopped = true;
          };
        }),
        sendMessage: fromPromise<SentMessage, { message: OutgoingChatMessage }>(
          ({ input }) => new Promise((resolve, reject) => sends.push({ message: input.message, resolve, reject })),
        ),
      },
      actions: { notifyFailed: (_, { code }) => void alerts.push(code) },
    }),
    { input },
  ).start();
  return { actor, uploads, sends, alerts, state: () => actor.getSnapshot() };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('chat delivery', () => {
  it('sends a text message straight away: sending, then succeed with the server id', async () => {
    const run = start({ text: 'hello' });
    expect(run.state().value).toBe('sending');
    expect(run.uploads).toHaveLength(0);
    expect(run.sends[0].message).toEqual({ message_type: 'text', payload: 'hello' });
    run.sends[0].resolve(SENT);
    await settle();
    expect(run.state().value).toBe('succeed');
    expect(run.state().status).toBe('done');
    expect(run.state().context.sent).toEqual(SENT);
  });

  it('uploads a file with progress, then sends the media message naming the uploaded path', async () => {
    const run = start({ attachment: image });
    expect(run.state().value).toBe('uploading_file');
    expect(run.uploads[0].input).toEqual({ attachment: image });
    run.uploads[0].sendBack({ type: 'upload.progressed', ratio: 0.25 });
    expect(run.state().context.progress).toBe(0.25);
    run.uploads[0].sendBack({ type: 'upload.progressed', ratio: 1.7 });
    expect(run.state().context.progress).toBe(1);
    expect(run.state().can({ type: 'message.retry' })).toBe(false);

    run.uploads[0].sendBack({ type: 'upload.succeeded', filePath: '/api/chat/files/f-1' });
    expect(run.state().value).toBe('sending');
    expect(run.uploads[0].stopped).toBe(true);
    expect(run.sends[0].message).toEqual({
      message_type: 'media',
      payload: { url: false, fileType: 'image', filePath: '/api/chat/files/f-1', name: 'cat.png' },
    });
    run.sends[0].resolve(SENT);
    await settle();
    expect(run.state().value).toBe('succeed');
  });

  it('resends a failed upload from the start, with a fresh progress bar, and alerts the code', async () => {
    const run = start({ attachment: image });
    run.uploads[0].sendBack({ type: 'upload.progressed', ratio: 0.6 });
    run.uploads[0].sendBack({ type: 'upload.failed', code: 'FILE_TOO_LARGE' });
    expect(run.state().value).toBe('failed');
    expect(run.state().context.failure).toBe('FILE_TOO_LARGE');
    expect(run.alerts).toEqual(['FILE_TOO_LARGE']);
    expect(run.state().can({ type: 'message.retry' })).toBe(true);

    run.actor.send({ type: 'message.retry' });
    expect(run.state().value).toBe('uploading_file');
    expect(run.state().context).toMatchObject({ progress: 0, failure: null });
    expect(run.uploads).toHaveLength(2);
    run.uploads[1].sendBack({ type: 'upload.succeeded', filePath: '/api/chat/files/f-2' });
    run.sends[0].resolve(SENT);
    await settle();
    expect(run.state().value).toBe('succeed');
  });

  it('resends only the message when the file already arrived', async () => {
    const run = start({ attachment: image });
    run.uploads[0].sendBack({ type: 'upload.succeeded', filePath: '/api/chat/files/f-1' });
    run.sends[0].reject({ code: 'REQUEST_LIMIT' });
    await settle();
    expect(run.state().value).toBe('failed');
    expect(run.alerts).toEqual(['REQUEST_LIMIT']);

    run.actor.send({ type: 'message.retry' });
    expect(run.state().value).toBe('sending');
    expect(run.uploads).toHaveLength(1);
    expect(run.sends[1].message).toMatchObject({ payload: { filePath: '/api/chat/files/f-1' } });
    run.sends[1].resolve(SENT);
    await settle();
    expect(run.state().value).toBe('succeed');
  });

  it("sends a tapped button's postback", async () => {
    const run = start({ postback: { title: 'Deposit', payload: 'DEPOSIT' } });
    expect(run.sends[0].message).toEqual({ message_type: 'postback', payload: { title: 'Deposit', payload: 'DEPOSIT' } });
    run.sends[0].resolve(SENT);
    await settle();
    expect(run.state().value).toBe('succeed');
  });

  it('names an error without a code as a network error', async () => {
    const run = start({ text: 'hi' });
    run.sends[0].reject(new Error('boom'));
    await settle();
    expect(run.state().context.failure).toBe('NETWORK_ERROR');
  });

  it('removes a failed message for good', async () => {
    const run = start({ text: 'hi' });
    expect(run.state().can({ type: 'message.remove' })).toBe(false);
    run.sends[0].reject({ code: 'INVALID_INPUT' });
    await settle();
    run.actor.send({ type: 'message.remove' });
    expect(run.state().value).toBe('removed');
    expect(run.state().status).toBe('done');
  });

  describe('with a fake clock', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('gives up an upload after the chat upload timeout of 300 s', () => {
      const run = start({ attachment: image });
      vi.advanceTimersByTime(TIMEOUTS.chatUploadMs - 1);
      expect(run.state().value).toBe('uploading_file');
      vi.advanceTimersByTime(1);
      expect(run.state().value).toBe('failed');
      expect(run.state().context.failure).toBe(UPLOAD_TIMEOUT_CODE);
      expect(run.uploads[0].stopped).toBe(true);
      expect(run.alerts).toEqual([UPLOAD_TIMEOUT_CODE]);
    });
  });
});
