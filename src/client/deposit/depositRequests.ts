import AES from 'crypto-js/aes';
import { assign, fromCallback, fromPromise } from 'xstate';
import type { MoneyAnswer, MoneyCallInput } from '../../../machines/moneyActionMachine';
import type { QrAnswer } from '../../../machines/qrDepositMachine';
import { slipUploadMachine, type SlipAnswer, type SlipUploadEvent, type SlipUploadInput } from '../../../machines/slipUploadMachine';
import { PAGE_SIZES, QR_PROVIDERS, SANDBOX_TRUEWALLET_LINK_KEY, TIMEOUTS, type QrProvider } from '../../contract';
import { call, endpoints, errorCodeOf, isPendingAnswer, newIdempotencyKey } from '../api';
import { memberMoneyActionMachine } from '../wallet/moneyRequests';

/** The deposit calls of SPEC section 7 as the machines' actors use them. */

const asProvider = (provider: string): QrProvider => {
  if (!(QR_PROVIDERS as readonly string[]).includes(provider)) throw new Error(`not a QR provider: ${provider}`);
  return provider as QrProvider;
};

export const readQrcode = (provider: string): Promise<QrAnswer> => call(endpoints.qrcodeGet, { params: { bankCode: asProvider(provider) } });

export const createQrcode = (provider: string, amount: number): Promise<QrAnswer> =>
  call(endpoints.qrcodeCreate, { params: { bankCode: asProvider(provider) }, body: { amount } });

export const deleteQrcode = (qrcodeId: string) => call(endpoints.qrcodeDelete, { params: { qrcodeId } });

/**
 * SPEC section 7: the gift link is encrypted on the client with a symmetric cipher (crypto-js AES,
 * passphrase mode) before sending. The key is the build's VITE_TRUEWALLET_KEY; the sandbox server
 * accepts its documented default.
 */
export const encryptGiftLink = (link: string, key = import.meta.env.VITE_TRUEWALLET_KEY || SANDBOX_TRUEWALLET_LINK_KEY): string =>
  AES.encrypt(link, key).toString();

// Each encryption salts afresh, so one action's ciphertext is kept under its idempotency key:
// a retry sends the very same body, which the server requires of a repeated key.
const ciphertexts = new Map<string, string>();

export type TrueWalletRequest = { operation: 'truelink'; link: string };

/** One attempt of a True Wallet deposit; a 202 (redemption outcome not known yet) comes back as pending. */
export async function sendGiftLink({ request, key }: MoneyCallInput): Promise<MoneyAnswer> {
  if (request.operation !== 'truelink' || typeof request.link !== 'string') throw new Error('not a True Wallet request');
  const link = ciphertexts.get(key) ?? encryptGiftLink(request.link);
  ciphertexts.set(key, link);
  try {
    const result = await call(endpoints.walletTruelink, { body: { link }, idempotencyKey: key });
    ciphertexts.delete(key);
    return { status: 'done', result };
  } catch (error) {
    if (isPendingAnswer(error)) return { status: 'pending' };
    throw error;
  }
}

/** The money action machine for gift links: the key is one per member action, kept for retries. */
export const trueWalletMachine = memberMoneyActionMachine.provide({
  actors: { submitMoneyAction: fromPromise<MoneyAnswer, MoneyCallInput>(({ input }) => sendGiftLink(input)) },
});

/** The uploaded slip as the server has it now: the newest slips (it was just uploaded), by its id. */
export const readSlip = async (id: string): Promise<SlipAnswer | null> => {
  const { slips } = await call(endpoints.statementSlips, { body: { page: 1, limit: PAGE_SIZES.slip } });
  return slips.find((slip) => slip._id === id) ?? null;
};

/** The slip upload as the app runs it: multipart, 300000 ms, progress from axios, aborted if the machine stops. */
export const appSlipUploadMachine = slipUploadMachine.provide({
  actors: {
    uploadSlip: fromCallback<SlipUploadEvent, SlipUploadInput>(({ input, sendBack }) => {
      const abort = new AbortController();
      const formData = new FormData();
      formData.append('file', input.file, input.fileName);
      call(endpoints.walletSlip, {
        // The contract describes the multipart body; `formData` is what is sent.
        body: { file: input.file },
        formData,
        idempotencyKey: input.key,
        timeout: TIMEOUTS.slipUploadMs,
        signal: abort.signal,
        onUploadProgress: (event) => {
          const ratio = event.total ? event.loaded / event.total : (event.progress ?? 0);
          sendBack({ type: 'upload.progressed', ratio });
        },
      }).then(
        (slip) => sendBack({ type: 'upload.succeeded', slip }),
        (error: unknown) => {
          if (!abort.signal.aborted) sendBack({ type: 'upload.failed', code: errorCodeOf(error) });
        },
      );
      return () => abort.abort();
    }),
    readSlip: fromPromise<SlipAnswer | null, { id: string }>(({ input }) => readSlip(input.id)),
  },
  actions: { assignFreshKey: assign({ key: () => newIdempotencyKey() }) },
});
