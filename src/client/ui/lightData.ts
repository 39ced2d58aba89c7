import { useSyncExternalStore } from 'react';

/** The Network Information API where the browser has it (Chromium on Android); absent in Safari and Firefox. */
interface NetworkInformation extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}
const connection = (): NetworkInformation | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: NetworkInformation }).connection;

/** Connections on which a phone should fetch only what the member asked for. */
const SLOW_TYPES = new Set(['slow-2g', '2g', '3g']);

/**
 * The member's phone asks to save data (Android's Data Saver, Chrome's Lite mode) or is on a
 * 2g/3g connection: the product then fetches nothing ahead (no other languages' strings, no
 * precache of the app) and shows lighter art (the games as a list until the member asks for the
 * lobby's canvas). Browsers without the API count as not asking.
 */
export const wantsLightData = (): boolean => {
  const info = connection();
  return Boolean(info && (info.saveData === true || (info.effectiveType !== undefined && SLOW_TYPES.has(info.effectiveType))));
};

const subscribe = (onChange: () => void) => {
  const info = connection();
  info?.addEventListener('change', onChange);
  return () => info?.removeEventListener('change', onChange);
};

/** `wantsLightData`, kept current as the connection changes (a train leaving 4G coverage). */
export const useLightData = (): boolean => useSyncExternalStore(subscribe, wantsLightData, () => false);
