/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'LA' builds the Laos variant (Lao by default, LAK currency); anything else is Thailand. */
  readonly VITE_COUNTRY?: string;
  /** 'same-tab' opens launched games in the wallet's tab; default a new tab (SPEC section 2). */
  readonly VITE_GAME_LAUNCH_TARGET?: string;
  /** Replaces the PGSLOT banner text in the game account modal when set. */
  readonly VITE_PGSLOT_BANNER_MESSAGE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
