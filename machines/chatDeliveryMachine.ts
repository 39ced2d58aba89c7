import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import { TIMEOUTS } from '../src/contract/constants';

/**
 * Delivering one message the member or guest sends in the chat widget (SPEC sections 3, 4):
 *
 *   ┌──▶ uploading_file ── upload.succeeded ──▶ sending ── done ──▶ succeed
 *   │        │ (progress bar)                     │
 *   │        └── upload.failed / 300 s ──▶ failed ◀┘ error
 *   │                                      │  │
 *   └──────────── message.retry ───────────┘  └── message.remove ──▶ removed
 *
 * A text message (or a tapped button's postback) starts at sending. A media message uploads its file first (with progress),
 * then sends the media message naming the uploaded path. Resending a failed media message
 * uploads again only if the file never arrived; once the server holds it, only the message
 * is sent again. A failed message can also be removed.
 *
 * No React, no axios: the upload is the `uploadFile` callback actor (reports
 * `upload.progressed`, then `upload.succeeded` or `upload.failed`), the send is the
 * `sendMessage` promise actor; both are swapped with `machine.provide(...)`.
 */

export type ChatFileType = 'image' | 'video';

export interface ChatAttachment {
  file: Blob;
  fileName: string;
  fileType: ChatFileType;
}

/** What the send actor posts: the contract's outgoing message. */
export interface Postback {
  title: string;
  payload: string;
}

export type OutgoingChatMessage =
  | { message_type: 'text'; payload: string }
  | { message_type: 'postback'; payload: Postback }
  | { message_type: 'media'; payload: { url: false; fileType: ChatFileType; filePath: string; name: string } };

export interface SentMessage {
  _id: string;
  createdAt: string;
}

/** One of: typed text, a file, or the postback of a button or quick reply the customer tapped. */
export interface ChatDeliveryInput {
  text?: string;
  attachment?: ChatAttachment;
  postback?: Postback;
}

export interface ChatDeliveryContext {
  text: string | null;
  postback: Postback | null;
  attachment: ChatAttachment | null;
  /** 0..1 of the file sent. */
  progress: number;
  /** Where the server keeps the uploaded file; set once, kept across resends. */
  filePath: string | null;
  sent: SentMessage | null;
  /** The server's or the client's error code of the last attempt. */
  failure: string | null;
}

export type ChatDeliveryEvent =
  | { type: 'upload.progressed'; ratio: number }
  | { type: 'upload.succeeded'; filePath: string }
  | { type: 'upload.failed'; code: string }
  | { type: 'message.retry' }
  | { type: 'message.remove' };

export interface UploadFileInput {
  attachment: ChatAttachment;
}

/** The upload gives up after the spec's chat upload timeout; the client's own code for it. */
export const UPLOAD_TIMEOUT_CODE = 'TIMEOUT';

const messageOf = (context: ChatDeliveryContext): OutgoingChatMessage =>
  context.attachment && context.filePath
    ? { message_type: 'media', payload: { url: false, fileType: context.attachment.fileType, filePath: context.filePath, name: context.attachment.fileName } }
    : context.postback
      ? { message_type: 'postback', payload: context.postback }
      : { message_type: 'text', payload: context.text ?? '' };

const codeOf = (error: unknown): string =>
  error && typeof error === 'object' && 'code' in error && typeof (error as { code: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'NETWORK_ERROR';

export const chatDeliveryMachine = setup({
  types: {
    context: {} as ChatDeliveryContext,
    events: {} as ChatDeliveryEvent,
    input: {} as ChatDeliveryInput,
  },
  actors: {
    uploadFile: fromCallback<ChatDeliveryEvent, UploadFileInput>(({ sendBack }) => {
      sendBack({ type: 'upload.failed', code: 'NETWORK_ERROR' });
    }),
    sendMessage: fromPromise<SentMessage, { message: OutgoingChatMessage }>(async () => {
      throw new Error('sendMessage is provided by the widget');
    }),
  },
  actions: {
    /** A delivery failed: the widget shows the error for 4 s (SPEC section 8, chat errors). */
    notifyFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    needsUpload: ({ context }) => context.attachment !== null && context.filePath === null,
  },
  delays: {
    uploadTimeout: TIMEOUTS.chatUploadMs,
  },
}).createMachine({
  id: 'chatDelivery',
  context: ({ input }) => ({
    text: input.text ?? null,
    postback: input.postback ?? null,
    attachment: input.attachment ?? null,
    progress: 0,
    filePath: null,
    sent: null,
    failure: null,
  }),
  initial: 'routing',
  states: {
    routing: {
      always: [{ guard: 'needsUpload', target: 'uploading_file' }, { target: 'sending' }],
    },
    uploading_file: {
      entry: assign({ progress: 0, failure: null }),
      invoke: { src: 'uploadFile', input: ({ context }) => ({ attachment: context.attachment! }) },
      after: {
        uploadTimeout: { target: 'failed', actions: assign({ failure: UPLOAD_TIMEOUT_CODE }) },
      },
      on: {
        'upload.progressed': {
          actions: assign({
            progress: ({ event }) => {
              assertEvent(event, 'upload.progressed');
              return Math.min(1, Math.max(0, event.ratio));
            },
          }),
        },
        'upload.succeeded': {
          target: 'sending',
          actions: assign({
            filePath: ({ event }) => {
              assertEvent(event, 'upload.succeeded');
              return event.filePath;
            },
            progress: 1,
          }),
        },
        'upload.failed': {
          target: 'failed',
          actions: assign({
            failure: ({ event }) => {
              assertEvent(event, 'upload.failed');
              return event.code;
            },
          }),
        },
      },
    },
    sending: {
      entry: assign({ failure: null }),
      invoke: {
        src: 'sendMessage',
        input: ({ context }) => ({ message: messageOf(context) }),
        onDone: { target: 'succeed', actions: assign({ sent: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => codeOf(event.error) }) },
      },
    },
    failed: {
      entry: { type: 'notifyFailed', params: ({ context }) => ({ code: context.failure ?? 'NETWORK_ERROR' }) },
      on: {
        'message.retry': { target: 'routing' },
        'message.remove': { target: 'removed' },
      },
    },
    succeed: { type: 'final' },
    removed: { type: 'final' },
  },
});

export type ChatDeliveryMachine = typeof chatDeliveryMachine;
/** The delivery status of SPEC section 3, or null once the message is removed. */
export type DeliveryStatus = 'uploading_file' | 'sending' | 'failed' | 'succeed';
