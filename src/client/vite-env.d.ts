/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'LA' builds the Laos variant (Lao by default, LAK currency); anything else is Thailand. */
  readonly VITE_COUNTRY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
