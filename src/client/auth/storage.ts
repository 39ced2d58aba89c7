/**
 * The client's local storage (SPEC section 3, "Local client storage"). Every key the app
 * keeps in the browser is named here, so clearing a session cannot miss one.
 */
export const STORAGE_KEYS = {
  token: 'token',
  agreementAccepted: 'rememberAgreement',
  lastSyncTime: 'lastSyncTime',
  inviteCode: 'inviteCode',
  locale: 'locale',
  chatGuestId: 'chatGuestId',
  /** This device's stable id (X-Device-Id): made once, kept through logouts (../auth/deviceId.ts). */
  deviceId: 'deviceId',
  /** Session storage: the chat's invite bubble was put away (or the chat opened) in this tab. */
  chatInviteSeen: 'chatInviteSeen',
  /**
   * Session storage (issue 31): a safer-play notice for the next page to show once: a break or
   * exclusion just started (shown on /login after the sign-out), or withdraw-only mode found at
   * login (shown in the member area).
   */
  saferPlayNotice: 'saferPlayNotice',
} as const;

// Storage can throw (Safari private mode, disabled cookies); the app must still run.
const safe = <T>(read: () => T, fallback: T): T => {
  try {
    return read();
  } catch {
    return fallback;
  }
};

/** The token: in localStorage when the member chose remember-me, else in sessionStorage. */
export const getToken = (): string | null =>
  safe(() => localStorage.getItem(STORAGE_KEYS.token) ?? sessionStorage.getItem(STORAGE_KEYS.token), null);

export const hasToken = (): boolean => Boolean(getToken());

const tokenListeners = new Set<() => void>();
const tokenChanged = () => {
  for (const listener of tokenListeners) listener();
};

/**
 * Calls `listener` when the token is stored or forgotten, here or in another tab (for
 * `useSyncExternalStore(subscribeToken, getToken)`, e.g. the member's socket).
 */
export const subscribeToken = (listener: () => void): (() => void) => {
  tokenListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    tokenListeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
};

export const storeToken = (token: string, remember: boolean): void => {
  safe(() => {
    // Only one copy may exist, or logging out of one would leave the other behind.
    localStorage.removeItem(STORAGE_KEYS.token);
    sessionStorage.removeItem(STORAGE_KEYS.token);
    (remember ? localStorage : sessionStorage).setItem(STORAGE_KEYS.token, token);
  }, undefined);
  tokenChanged();
};

export const clearToken = (): void => {
  safe(() => {
    localStorage.removeItem(STORAGE_KEYS.token);
    sessionStorage.removeItem(STORAGE_KEYS.token);
  }, undefined);
  tokenChanged();
};

/** Leaving the member area forgets the session together with what belongs to it. */
export const clearSession = (): void => {
  clearToken();
  safe(() => {
    localStorage.removeItem(STORAGE_KEYS.agreementAccepted);
    localStorage.removeItem(STORAGE_KEYS.lastSyncTime);
  }, undefined);
};

export const readLocal = (key: string): string | null => safe(() => localStorage.getItem(key), null);

export const writeLocal = (key: string, value: string): void => {
  safe(() => localStorage.setItem(key, value), undefined);
};

export const readSession = (key: string): string | null => safe(() => sessionStorage.getItem(key), null);

export const writeSession = (key: string, value: string): void => {
  safe(() => sessionStorage.setItem(key, value), undefined);
};

export const removeLocal = (key: string): void => {
  safe(() => localStorage.removeItem(key), undefined);
};

/**
 * SPEC section 3: the invite code of `/register?code=` is kept on the device, so a member who
 * follows an invite link and registers later still carries it. A new link replaces the old code.
 */
export const rememberInviteCode = (fromLink: string | null): string | null => {
  const code = fromLink?.trim();
  if (code) writeLocal(STORAGE_KEYS.inviteCode, code);
  return readLocal(STORAGE_KEYS.inviteCode);
};

/** A safer-play notice carried across the navigation that the sign-out or the login makes (issue 31). */
export interface SaferPlayNotice {
  what: 'pauseStarted' | 'restricted';
  /** 'break' | 'exclusion' for a pause; the restriction's reason (ON_BREAK, …) otherwise. */
  kind: string;
  /** When it ends; null: for good. */
  until: string | null;
}

export const rememberSaferPlayNotice = (notice: SaferPlayNotice): void =>
  safe(() => sessionStorage.setItem(STORAGE_KEYS.saferPlayNotice, JSON.stringify(notice)), undefined);

/** The notice waiting for this page, if any, without removing it (a page shows it until dismissed). */
export const peekSaferPlayNotice = (what: SaferPlayNotice['what']): SaferPlayNotice | null =>
  safe(() => {
    const text = sessionStorage.getItem(STORAGE_KEYS.saferPlayNotice);
    if (!text) return null;
    const notice = JSON.parse(text) as SaferPlayNotice;
    return notice && notice.what === what && typeof notice.kind === 'string' ? notice : null;
  }, null);

export const forgetSaferPlayNotice = (): void => safe(() => sessionStorage.removeItem(STORAGE_KEYS.saferPlayNotice), undefined);
