import { randomUUID } from 'node:crypto';
import CryptoJS from 'crypto-js';
import { statusOf, toMajor, toMinor, TRUEWALLET_LINK_PATTERN, TRUEWALLET_MINIMUM, type ErrorCode } from '../../../contract';
import type { Clock } from '../../clock';
import { uniqueViolation } from '../../db/errors';
import { DomainError } from '../../errors';
import type { StoredAnswer } from '../../ledger/idempotency';
import type { Redemption, TrueWalletVouchers } from '../../providers/truewallet/adapter';
import type { MoneyContext } from '../wallet/money-context';
import { refuseWhileBonusActive } from './bonus';
import { creditDeposit } from './credit';

const PENDING: StoredAnswer = { statusCode: 202, body: { message: 'TRANSFER_PENDING' } };
const OPERATION = 'truelink';

/** The gift link the client encrypted with crypto-js AES in passphrase mode, or undefined when it is not one. */
export function decryptLink(encrypted: string, key: string): string | undefined {
  try {
    const text = CryptoJS.AES.decrypt(encrypted.trim(), key).toString(CryptoJS.enc.Utf8);
    return text || undefined;
  } catch {
    // Not a ciphertext of this key (crypto-js throws on bytes that are not UTF-8).
    return undefined;
  }
}

const REDEMPTION_REFUSALS: Record<Extract<Redemption, { kind: 'refused' }>['reason'], ErrorCode> = {
  not_found: 'TRUELINK_INVALID',
  used: 'TRUELINK_DUPLICATE',
  expired: 'TRUELINK_INVALID',
  own_voucher: 'TRUELINK_INVALID',
  unknown: 'TRUELINK_INVALID',
};

export interface TrueWalletDeps {
  money: MoneyContext;
  vouchers: TrueWalletVouchers;
  /** The link encryption key (TRUEWALLET_LINK_KEY). */
  linkKey: string;
  clock: Clock;
  log: (msg: string, detail: Record<string, unknown>) => void;
}

/**
 * Deposits by True Wallet gift link. The voucher is held for this deposit first (unique while
 * not failed: TRUELINK_DUPLICATE), then inspected (one ticket only, at least TRUEWALLET_MINIMUM)
 * and redeemed into the operator's wallet, and credited in the transaction that marks it done.
 * The request's idempotency key is claimed with the voucher and completed with the answer.
 */
export class TrueWalletDeposits {
  constructor(private readonly deps: TrueWalletDeps) {}

  private get money() {
    return this.deps.money;
  }

  async deposit(request: { memberId: number; key: string; link: string }): Promise<StoredAnswer> {
    const { memberId, key } = request;
    const keyed = { memberId, key, operation: OPERATION, payload: { link: request.link } };
    let held: StoredAnswer | { id: string; voucher: string };
    try {
      held = await this.money.db.transaction().execute(async (trx) => {
        const claim = await this.money.keys.claim(trx, keyed);
        if (claim.kind === 'done') return claim.answer;
        if (claim.kind === 'pending') return PENDING;
        await refuseWhileBonusActive(trx, memberId);
        const link = decryptLink(request.link, this.deps.linkKey);
        const voucher = link?.trim().match(TRUEWALLET_LINK_PATTERN)?.[1];
        if (!voucher) throw new DomainError('TRUELINK_INVALID');
        const id = randomUUID();
        try {
          await trx.insertInto('deposit_truewallet').values({
            id, member_id: memberId, voucher, status: 'redeeming', amount: null, note: null, idempotency_key: key,
            created_at: this.deps.clock.now(), completed_at: null,
          }).execute();
        } catch (error) {
          if (uniqueViolation(error) !== undefined) throw new DomainError('TRUELINK_DUPLICATE');
          throw error;
        }
        return { id, voucher };
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const refusal = { statusCode: statusOf(error.code), body: { message: error.code } };
      return (await this.money.keys.recordRefusal(this.money.db, keyed, refusal, this.money.duplicateWaitMs)) ?? PENDING;
    }
    if (!('voucher' in held)) {
      if (held === PENDING) return (await this.money.keys.waitForAnswer(this.money.db, memberId, key, this.money.duplicateWaitMs)) ?? PENDING;
      return held;
    }

    let outcome: { credit: bigint } | { refuse: ErrorCode };
    try {
      outcome = await this.redeem(held.voucher);
    } catch (error) {
      // No answer: the voucher may or may not be ours now. It stays held, for the operator to settle.
      this.deps.log('True Wallet voucher outcome unknown', { depositId: held.id, error: String(error) });
      return PENDING;
    }
    return this.settle(memberId, key, held.id, held.voucher, outcome);
  }

  private async redeem(voucher: string): Promise<{ credit: bigint } | { refuse: ErrorCode }> {
    const info = await this.deps.vouchers.inspect(voucher);
    if (info.kind === 'not_found') return { refuse: 'TRUELINK_INVALID' };
    // A voucher shared by several people would credit only one share; only one-ticket vouchers are taken.
    if (info.tickets > 1) return { refuse: 'TRUELINK_MULTI_TICKET' };
    if (!info.redeemable) return { refuse: 'TRUELINK_DUPLICATE' };
    if (info.amount < toMinor(TRUEWALLET_MINIMUM)) return { refuse: 'TRUEWALLET_MINIMUM' };
    const redeemed = await this.deps.vouchers.redeem(voucher);
    if (redeemed.kind === 'refused') return { refuse: REDEMPTION_REFUSALS[redeemed.reason] };
    return { credit: redeemed.amount };
  }

  private async settle(memberId: number, key: string, id: string, voucher: string, outcome: { credit: bigint } | { refuse: ErrorCode }): Promise<StoredAnswer> {
    const currency = await this.money.currencyOf(memberId);
    const answer = await this.money.db.transaction().execute(async (trx) => {
      const now = this.deps.clock.now();
      let result: StoredAnswer;
      if ('refuse' in outcome) {
        await trx.updateTable('deposit_truewallet').set({ status: 'failed', note: outcome.refuse, completed_at: now }).where('id', '=', id).execute();
        result = { statusCode: statusOf(outcome.refuse), body: { message: outcome.refuse } };
      } else {
        await trx.updateTable('deposit_truewallet').set({ status: 'credited', amount: outcome.credit, completed_at: now }).where('id', '=', id).execute();
        const balance = await creditDeposit(trx, this.money, {
          memberId, currency, channel: 'truewallet', reference: `truewallet:${voucher}`, amount: outcome.credit, description: { depositId: id },
        });
        result = { statusCode: 200, body: { amount: toMajor(outcome.credit), wallet: { amount: toMajor(balance) } } };
      }
      await this.money.keys.complete(trx, memberId, key, result);
      return result;
    });
    if ('credit' in outcome) this.money.notify(memberId, 'wallet.changed', {});
    return answer;
  }
}
