import { assertEvent, assign, fromCallback, fromPromise, not, setup } from 'xstate';
import { SLIP_MAX_BYTES } from '../src/contract/constants';
import { slipSignature } from '../src/contract/slipFile';

/**
 * Uploading one bank transfer slip (SPEC sections 2, 4, 7, 8): choose a PNG or JPEG, send it with
 * a progress bar, show the slip the server answers (SUCCESS, FAILED with its reason, or in
 * progress).
 *
 *   empty ── slip.chosen [png/jpeg by its bytes, not too large] ──▶ chosen ── slip.submitted ──▶ uploading ──▶ done
 *                                                        ▲                            │  └──────▶ failed ── slip.submitted ──▶ uploading
 *                                                        └──────── slip.chosen ───────┴─────────────┘
 *
 * The idempotency key belongs to the upload the member started by choosing a file: it is made
 * when the file is chosen and sent again when that file is sent again after a failure (the
 * server then answers the slip it already has for it instead of reading it twice). Choosing a
 * file, even the same one, is a new upload with a new key.
 *
 * A slip answered "in progress" is read again until it is decided (issue 27: after an operator
 * approved a slip the dialog still said "checking"): at once on `slip.recheck` (the view sends it
 * when the wallet changed or the page came back into view), and by itself after a pause that
 * grows from SLIP_RECHECK.firstMs to SLIP_RECHECK.maxMs (a rejection moves no money, so no
 * wallet change announces it).
 *
 *   done.pending ── slip.recheck, or the pause ──▶ done.rechecking ──▶ done.pending | done.decided
 *
 * No React, no axios: the upload is the `uploadSlip` callback actor, the read the `readSlip` actor, which reports
 * `upload.progressed`, then `upload.succeeded` or `upload.failed`; the key comes from the
 * `assignFreshKey` action. Both are swapped with `machine.provide(...)`.
 */

/** The slip the server answers (the contract's slip). */
export interface SlipAnswer {
  _id: string;
  createdAt: string;
  amount: number | null;
  /** SUCCESS, FAILED, anything else is in progress. */
  status: string;
  /** The failure reason code (SPEC section 8, slip reason codes). */
  note: string | null;
  reference: string | null;
}

export interface SlipFile {
  file: Blob;
  fileName: string;
}

/** A file the member picked, with its first bytes (SLIP_SIGNATURE_BYTES), read by the view: they tell whether it is a picture. */
export interface PickedSlip extends SlipFile {
  head: Uint8Array;
}

export interface SlipUploadContext {
  chosen: SlipFile | null;
  key: string | null;
  /** 0..1 of the file sent. */
  progress: number;
  slip: SlipAnswer | null;
  /** The server's or the client's error code of the last attempt. */
  failure: string | null;
  /** Reads of the answered slip while it is in progress: sets the next pause. */
  rechecks: number;
  /** Why the last file picked was not taken (an error code), shown beside the picker until a file is taken. */
  refused: string | null;
}

export type SlipUploadEvent =
  | ({ type: 'slip.chosen' } & PickedSlip)
  | { type: 'slip.submitted' }
  | { type: 'slip.cleared' }
  | { type: 'upload.progressed'; ratio: number }
  | { type: 'upload.succeeded'; slip: SlipAnswer }
  | { type: 'upload.failed'; code: string }
  /** The wallet changed, or the page came back into view: a slip in progress may be decided. */
  | { type: 'slip.recheck' };

export interface SlipUploadInput extends SlipFile {
  key: string;
}

/** What the file picker offers; the bytes decide (`slipSignature`), as on the server. */
export const SLIP_TYPES: readonly string[] = ['image/png', 'image/jpeg'];

/** SPEC section 4: SUCCESS and FAILED are final; anything else is still being checked. */
export const slipDecided = (slip: Pick<SlipAnswer, 'status'> | null): boolean => slip !== null && (slip.status === 'SUCCESS' || slip.status === 'FAILED');

/** The pauses between reads of a slip in progress: doubling from the first, never above the cap. */
export const SLIP_RECHECK = { firstMs: 10_000, maxMs: 60_000 } as const;
export const slipRecheckPauseMs = (reads: number): number => Math.min(SLIP_RECHECK.maxMs, SLIP_RECHECK.firstMs * 2 ** Math.max(0, reads));

/** A picked file is not taken: the toast, and the reason kept beside the picker. */
const refuse = (code: string) => [
  { type: 'notifyRefusedFile', params: { code } },
  { type: 'assignRefused', params: { code } },
] as const;

const randomKey = (): string =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export const slipUploadMachine = setup({
  types: {
    context: {} as SlipUploadContext,
    events: {} as SlipUploadEvent,
  },
  actors: {
    uploadSlip: fromCallback<SlipUploadEvent, SlipUploadInput>(({ sendBack }) => {
      sendBack({ type: 'upload.failed', code: 'NETWORK_ERROR' });
    }),
    /** The slip as the server has it now (the statement's slips), or null when not found. */
    readSlip: fromPromise<SlipAnswer | null, { id: string }>(async () => null),
  },
  actions: {
    assignFreshKey: assign({ key: () => randomKey() }),
    assignChosen: assign({
      chosen: ({ event }) => {
        assertEvent(event, 'slip.chosen');
        return { file: event.file, fileName: event.fileName };
      },
      slip: null,
      failure: null,
      progress: 0,
      refused: null,
    }),
    /** A file the picker should not have let through: an error toast with the code. */
    notifyRefusedFile: (_, _params: { code: string }) => {},
    assignRefused: assign({ refused: (_, params: { code: string }) => params.code }),
    /** The upload failed: an error toast with the code. */
    notifyUploadFailed: (_, _params: { code: string }) => {},
  },
  guards: {
    // By the file's bytes: a renamed text file or a PDF says image/png just as easily.
    isSlipImage: ({ event }) => event.type === 'slip.chosen' && slipSignature(event.head) !== undefined,
    hasContent: ({ event }) => event.type === 'slip.chosen' && event.file.size > 0,
    fitsSizeLimit: ({ event }) => event.type === 'slip.chosen' && event.file.size <= SLIP_MAX_BYTES,
    slipInProgress: ({ context }) => context.slip !== null && !slipDecided(context.slip),
  },
  delays: {
    slipRecheck: ({ context }) => slipRecheckPauseMs(context.rechecks),
  },
}).createMachine({
  id: 'slipUpload',
  context: { chosen: null, key: null, progress: 0, slip: null, failure: null, rechecks: 0, refused: null },
  initial: 'empty',
  on: {
    'slip.chosen': [
      { guard: not('hasContent'), actions: refuse('SLIP_NO_FILE') },
      { guard: not('isSlipImage'), actions: refuse('SLIP_INVALID_FILE') },
      { guard: not('fitsSizeLimit'), actions: refuse('FILE_TOO_LARGE') },
      { target: '.chosen', actions: ['assignChosen', 'assignFreshKey'] },
    ],
  },
  states: {
    empty: {},
    chosen: {
      on: {
        'slip.submitted': { target: 'uploading' },
        'slip.cleared': { target: 'empty', actions: assign({ chosen: null, key: null }) },
      },
    },
    uploading: {
      // While a file is on its way, choosing another waits for its answer.
      on: {
        'slip.chosen': { actions: [] },
        'upload.progressed': {
          actions: assign({
            progress: ({ event }) => {
              assertEvent(event, 'upload.progressed');
              return Math.min(1, Math.max(0, event.ratio));
            },
          }),
        },
        'upload.succeeded': {
          target: 'done',
          actions: assign({
            slip: ({ event }) => {
              assertEvent(event, 'upload.succeeded');
              return event.slip;
            },
            progress: 1,
          }),
        },
        'upload.failed': {
          target: 'failed',
          actions: [
            assign({
              failure: ({ event }) => {
                assertEvent(event, 'upload.failed');
                return event.code;
              },
            }),
            {
              type: 'notifyUploadFailed',
              params: ({ event }) => {
                assertEvent(event, 'upload.failed');
                return { code: event.code };
              },
            },
          ],
        },
      },
      entry: assign({ progress: 0, failure: null, slip: null }),
      invoke: {
        src: 'uploadSlip',
        input: ({ context }) => ({ ...context.chosen!, key: context.key! }),
      },
    },
    done: {
      entry: assign({ rechecks: 0 }),
      initial: 'sorting',
      states: {
        sorting: {
          always: [{ guard: 'slipInProgress', target: 'pending' }, { target: 'decided' }],
        },
        pending: {
          after: { slipRecheck: 'rechecking' },
          on: { 'slip.recheck': 'rechecking' },
        },
        rechecking: {
          invoke: {
            src: 'readSlip',
            input: ({ context }) => ({ id: context.slip!._id }),
            onDone: {
              target: 'sorting',
              actions: assign({ slip: ({ context, event }) => event.output ?? context.slip, rechecks: ({ context }) => context.rechecks + 1 }),
            },
            onError: { target: 'pending', actions: assign({ rechecks: ({ context }) => context.rechecks + 1 }) },
          },
        },
        decided: {},
      },
      on: {
        'slip.cleared': { target: 'empty', actions: assign({ chosen: null, key: null, slip: null }) },
      },
    },
    failed: {
      on: {
        // The same file again: the same upload, the same key.
        'slip.submitted': { target: 'uploading' },
        'slip.cleared': { target: 'empty', actions: assign({ chosen: null, key: null, failure: null }) },
      },
    },
  },
});

export type SlipUploadMachine = typeof slipUploadMachine;
