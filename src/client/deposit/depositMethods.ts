import { QR_MINIMUM, QR_PRESETS, QR_PROVIDERS, type QrProvider, type ResponseOf, type endpoints } from '../../contract';

/**
 * Pure rules of the deposit modal (SPEC sections 2, 5 and 9): which accounts are listed, which
 * providers make QR codes, their minimums and preset amounts, and how a QR image is shown.
 */

export type DepositLookup = ResponseOf<typeof endpoints.lookupDeposit>;
export type DepositAccount = DepositLookup['banks'][number];
export type DepositWallet = DepositLookup['wallets'][number];

/** Payment gateways: every deposit through them is a QR code with a minimum. */
export const GATEWAYS: readonly QrProvider[] = ['WW', 'FP', 'PAYONEX'];
/** Banks that make their own QR codes when their account is not in AUTO mode. */
const BANK_QR: readonly QrProvider[] = ['KBANK', 'BCEL'];

export const AUTO_MODE = 'AUTO';

const asQrProvider = (code: string): QrProvider | null => ((QR_PROVIDERS as readonly string[]).includes(code) ? (code as QrProvider) : null);

/**
 * The QR provider an entry of the deposit lookup stands for: a gateway always; KBANK (and BCEL)
 * when not in AUTO mode, where the modal shows QR creation instead of the account.
 */
export const qrProviderOf = (account: DepositAccount): QrProvider | null => {
  const provider = asQrProvider(account.bankType);
  if (!provider) return null;
  if (GATEWAYS.includes(provider)) return provider;
  return BANK_QR.includes(provider) && account.mode !== AUTO_MODE ? provider : null;
};

export const isGateway = (provider: QrProvider): boolean => GATEWAYS.includes(provider);

export interface DepositMethods {
  /** Accounts the member transfers to (and uploads the slip of). */
  accounts: DepositAccount[];
  /** QR providers, in the lookup's order, each once. */
  qr: { provider: QrProvider; account: DepositAccount }[];
  wallets: DepositWallet[];
  isManual: boolean;
}

/**
 * Splits the lookup into the modal's sections. With isManual every account with a number is
 * listed for a manual transfer, whatever its type; QR providers are offered either way.
 */
export const depositMethods = (lookup: DepositLookup): DepositMethods => {
  const qr: DepositMethods['qr'] = [];
  const accounts: DepositAccount[] = [];
  for (const account of lookup.banks) {
    const provider = qrProviderOf(account);
    if (provider && !qr.some((q) => q.provider === provider)) qr.push({ provider, account });
    const listed = lookup.isManual ? account.bankAccountNo !== '' : !provider && account.bankAccountNo !== '';
    if (listed && !accounts.some((a) => a.bankCode === account.bankCode && a.bankAccountNo === account.bankAccountNo)) accounts.push(account);
  }
  return { accounts, qr, wallets: lookup.wallets, isManual: lookup.isManual };
};

export interface QrRules {
  /** The smallest amount a code may be made for (0: bank QR, only above 0). */
  minimum: number;
  presets: readonly number[];
  /** The largest amount a code may be made for, when the money rules give one. */
  maximum?: number;
}

/**
 * The server's minimum and presets in the member's currency (the money lookup: a kip code is not
 * a baht code), else SPEC section 9's baht figures: WW and PAYONEX from 100, FP from 10, bank QR
 * only above 0. A build setting (VITE_QR_FP_MINIMUM) may change FP's minimum in baht, which then
 * is its first preset too.
 */
export const qrRules = (provider: QrProvider, fpMinimum?: string, served?: QrRules): QrRules => {
  const base = served ?? { minimum: QR_MINIMUM[provider], presets: QR_PRESETS[provider] };
  const override = fpMinimum !== undefined && fpMinimum.trim() !== '' ? Number(fpMinimum) : NaN;
  const rules =
    provider === 'FP' && Number.isFinite(override) && override > 0
      ? { ...base, minimum: override, presets: [override, ...base.presets.slice(1).filter((n) => n > override)] }
      : base;
  // No preset the member could not make a code for.
  const { maximum } = rules;
  return maximum === undefined ? rules : { ...rules, presets: rules.presets.filter((n) => n <= maximum) };
};

const RASTER_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

/**
 * The `src` of the QR image: the server's data URL as it is, SVG markup as an image data URL
 * (an <img> runs no script, unlike markup put into the page), anything else not at all.
 */
export const qrImageSource = (qrcode: string): string | null => {
  const text = qrcode.trim();
  if (RASTER_DATA_URL.test(text)) return text;
  if (/^data:image\/svg\+xml[;,]/.test(text)) return text;
  if (/^(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(text)) return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  return null;
};

/** The slip image url the server answers: shown only when it is an image data URL or http(s). */
export const slipImageSource = (url: string): string | null => {
  const text = url.trim();
  if (RASTER_DATA_URL.test(text)) return text;
  return /^https?:\/\//i.test(text) ? text : null;
};

/** Bank logos bundled in assets/banks (SPEC section 9). */
const BANK_LOGOS = new Set([
  'APB', 'BAAC', 'BAY', 'BBL', 'BCEL', 'BIC', 'CIMB', 'GHB', 'GSB', 'IB', 'ICBC', 'JDB', 'KBANK', 'KKP', 'KTB', 'LDB', 'LHB', 'LVB', 'SCB',
  'STB', 'TISCO', 'TMB', 'UOB',
]);

export const bankLogo = (bankCode: string): string | null => (BANK_LOGOS.has(bankCode) ? `/assets/banks/${bankCode}.svg` : null);
