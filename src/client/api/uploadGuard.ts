import type { AxiosProgressEvent, GenericAbortSignal } from 'axios';

/**
 * An upload (a slip, a chat photo or video) must never leave the member looking at a bar that no
 * longer moves (issue 32): it is cut, and fails like a call without a network, when the browser
 * goes offline, or when no byte has gone out for UPLOAD_STALL_MS before the whole file was sent.
 * Once every byte is out the server is reading the file, which the call's own timeout bounds.
 */
export const UPLOAD_STALL_MS = 30_000;

export type UploadCut = 'offline' | 'stalled';

export interface UploadGuard {
  /** Why the guard cut the upload, if it did. */
  readonly cut: UploadCut | null;
  /** The signal the request goes with: the caller's, and the guard's. */
  readonly signal: AbortSignal;
  /** Wraps the caller's progress callback: each event shows the upload moving. */
  progress(inner?: (event: AxiosProgressEvent) => void): (event: AxiosProgressEvent) => void;
  /** The call ended: the timer and the listeners go. */
  end(): void;
}

export interface UploadGuardWorld {
  /** Calls `listener` when the browser goes offline; returns what stops listening. */
  onOffline(listener: () => void): () => void;
  schedule(run: () => void, ms: number): () => void;
}

export function guardUpload(outer: GenericAbortSignal | undefined, world: UploadGuardWorld, stallMs = UPLOAD_STALL_MS): UploadGuard {
  const controller = new AbortController();
  let cut: UploadCut | null = null;
  let cancelStall: (() => void) | null = null;

  const stop = (why: UploadCut) => {
    if (controller.signal.aborted) return;
    cut = why;
    controller.abort();
  };
  const watchStall = () => {
    cancelStall?.();
    cancelStall = world.schedule(() => stop('stalled'), stallMs);
  };
  const forward = () => controller.abort();

  if (outer?.aborted) controller.abort();
  else outer?.addEventListener?.('abort', forward);
  const stopListening = world.onOffline(() => stop('offline'));
  watchStall();

  return {
    get cut() {
      return cut;
    },
    signal: controller.signal,
    progress: (inner) => (event) => {
      const sentAll = event.total !== undefined && event.total > 0 && event.loaded >= event.total;
      if (sentAll) {
        cancelStall?.();
        cancelStall = null;
      } else if (cancelStall) {
        watchStall();
      }
      inner?.(event);
    },
    end() {
      cancelStall?.();
      cancelStall = null;
      stopListening();
      outer?.removeEventListener?.('abort', forward);
    },
  };
}
