/**
 * The browser's offer to install the app (issue 32). Chrome fires `beforeinstallprompt` once, early,
 * often before React has rendered: `listenForInstallPrompt` runs at the top of main.tsx so the
 * event is never missed, and keeps it here until the member taps "Install the app" (InstallCard).
 * Tiny on purpose: it is in the /login page's entry chunk.
 */

/** Chrome's event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallView {
  /** The browser offers to install: the card's button may call prompt(). */
  canPrompt: boolean;
  /** Installed now (appinstalled), or this page runs as the installed app. */
  installed: boolean;
}

let offer: BeforeInstallPromptEvent | null = null;
let view: InstallView = { canPrompt: false, installed: false };
const listeners = new Set<() => void>();
const changed = () => {
  view = { canPrompt: offer !== null, installed: view.installed || isStandalone() };
  for (const listener of listeners) listener();
};

/** Opened from the home screen: the installed app (Android's standalone, iOS's navigator.standalone). */
export const isStandalone = (): boolean =>
  typeof window !== 'undefined' &&
  (window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true);

export const listenForInstallPrompt = (target: Window = window) => {
  view = { canPrompt: false, installed: isStandalone() };
  target.addEventListener('beforeinstallprompt', (event) => {
    // Ours to show when the member asks, not the browser's mini bar.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    offer = null;
    view = { ...view, installed: true };
    changed();
  });
};

export const installPrompt = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  view: (): InstallView => view,
  /** Shows the browser's install dialog; the offer is used up whatever the member answers. */
  prompt: async (): Promise<'accepted' | 'dismissed' | 'unavailable'> => {
    const current = offer;
    if (!current) return 'unavailable';
    offer = null;
    await current.prompt();
    const { outcome } = await current.userChoice;
    if (outcome === 'accepted') view = { ...view, installed: true };
    changed();
    return outcome;
  },
};
