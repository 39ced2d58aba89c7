/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'LA' builds the Laos variant (Lao by default, LAK currency); anything else is Thailand. */
  readonly VITE_COUNTRY?: string;
  /** 'same-tab' opens launched games in the wallet's tab; default a new tab (SPEC section 2). */
  readonly VITE_GAME_LAUNCH_TARGET?: string;
  /** Replaces the PGSLOT banner text in the game account modal when set. */
  readonly VITE_PGSLOT_BANNER_MESSAGE?: string;
  /** The True Wallet gift link's encryption key (crypto-js AES passphrase); the sandbox default when unset. */
  readonly VITE_TRUEWALLET_KEY?: string;
  /** FP's minimum QR deposit, also its first preset amount (SPEC section 9); 10 when unset. */
  readonly VITE_QR_FP_MINIMUM?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A part of one language's catalogue (vite.config.ts, src/client/i18n/sections.ts). */
declare module 'virtual:strings/*' {
  const strings: Partial<typeof import('../../locales/en.json')>;
  export default strings;
}
