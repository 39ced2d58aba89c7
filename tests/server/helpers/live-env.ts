/** The OMG merchant (app_id and signature key) that the stand-in and our adapter share in tests. */
export const OMG_MERCHANT = { appId: '10013', key: 'omg-sign-key-for-tests' };

/** Where a live-mode process finds its outside services: the stand-ins' addresses. */
export interface LiveAddresses {
  /** PostgreSQL, for a server process (an app built in the test process brings its own database). */
  database?: string;
  /** The OMG stand-in: the game PG is OMG's game 2001. */
  omg: string;
  /** The ThaiBulkSMS stand-in (key `tbs-key`, secret `tbs-secret`). */
  sms?: string;
  /** The EasySlip stand-in (key `es-key`). */
  slips?: string;
}

/**
 * A live-mode server process's whole configuration, as an operator would give it (README, Live
 * mode): the published protocols' adapters (ThaiBulkSMS, EasySlip, OMG) at the stand-ins' addresses.
 * Live mode will not start without every service named; one a test does not use gets an address
 * where nothing listens (port 9), so a call to it would fail rather than reach anything real.
 * True Wallet and the QR gateway are never called by these tests: placeholders of the right form.
 */
export function liveEnv(at: LiveAddresses): Record<string, string> {
  const nowhere = 'http://127.0.0.1:9';
  return {
    APP_MODE: 'live', ...(at.database ? { DATABASE_URL: at.database } : {}),
    SMS_PROVIDER: 'thaibulksms', THAIBULKSMS_API_URL: at.sms ?? nowhere, THAIBULKSMS_API_KEY: 'tbs-key', THAIBULKSMS_API_SECRET: 'tbs-secret',
    SLIP_VERIFY_PROVIDER: 'easyslip', EASYSLIP_API_URL: `${at.slips ?? nowhere}/api/v1`, EASYSLIP_API_KEY: 'es-key',
    GAME_PROVIDER_PROTOCOL: 'omg', OMG_API_URL: at.omg, OMG_APP_ID: OMG_MERCHANT.appId, OMG_SIGN_KEY: OMG_MERCHANT.key, OMG_GAMES: 'PG=2001',
    TRUEWALLET_LINK_KEY: 'k', TRUEWALLET_MOBILE: '0800000000', PAYMENT_GATEWAY_URL: 'https://pay.example', PAYMENT_GATEWAY_SECRET: 's',
  };
}
