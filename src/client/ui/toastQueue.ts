/**
 * The toasts on screen, each removed after its lifetime (SPEC section 9: 4 s). Framework-free so
 * the timing is tested with fake timers; the React provider only renders the list.
 */
export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export interface ToastQueue {
  show: (kind: ToastKind, text: string) => number;
  dismiss: (id: number) => void;
  list: () => readonly Toast[];
  subscribe: (listener: () => void) => () => void;
  dispose: () => void;
}

/** At most this many at once: a burst of failures must not bury the screen. */
const MAX_VISIBLE = 3;

export const createToastQueue = (lifetimeMs: number): ToastQueue => {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  const dismiss = (id: number) => {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    const next = toasts.filter((toast) => toast.id !== id);
    if (next.length !== toasts.length) {
      toasts = next;
      emit();
    }
  };

  return {
    show(kind, text) {
      const id = nextId++;
      const overflow = toasts.length + 1 - MAX_VISIBLE;
      for (const old of toasts.slice(0, Math.max(0, overflow))) {
        clearTimeout(timers.get(old.id));
        timers.delete(old.id);
      }
      toasts = [...toasts.slice(Math.max(0, overflow)), { id, kind, text }];
      timers.set(id, setTimeout(() => dismiss(id), lifetimeMs));
      emit();
      return id;
    },
    dismiss,
    list: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose() {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      listeners.clear();
      toasts = [];
    },
  };
};
