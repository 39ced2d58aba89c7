import { randomUUID } from 'node:crypto';
import CryptoJS from 'crypto-js';
import { toMajor, toMinor, TRUEWALLET_LINK_PATTERN, TRUEWALLET_MINIMUM, type ErrorCode } from '../../../contract';
import type { Clock } from '../../clock';
import { uniqueViolation } from '../../db/errors';
import { DomainError } from '../../errors';
import { answerBody, answerCode, PENDING_ANSWER, type MoneyAnswer } from '../../ledger/answer';
import type { Redemption, TrueWalletVouchers } from '../../providers/truewallet/adapter';
import type { Money } from '../../ledger/envelope';
import { creditDeposit } from './credit';

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
  money: Money;
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
 * The request's idempotency key is claimed with the voucher (left open while True Wallet is
 * asked) and completed with the answer.
 */
export class TrueWalletDeposits {
  constructor(private readonly deps: TrueWalletDeps) {}

  private get money() {
    return this.deps.money;
  }

  async deposit(request: { memberId: number; key: string; link: string }): Promise<MoneyAnswer> {
    const { memberId, key } = request;
    // The key stays open while the voucher is redeemed at True Wallet; settle() completes it.
    const moved = await this.money.request({ memberId, key, operation: OPERATION, payload: { link: request.link } }, async ({ trx }) => {
      await this.money.hooks.depositGate(trx, memberId);
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
      return { open: { id, voucher } };
    });
    if (!moved.open) return moved.answer;
    const held = moved.open;

    let outcome: { credit: bigint } | { refuse: ErrorCode };
    try {
      outcome = await this.redeem(memberId, held.voucher);
    } catch (error) {
      // No answer: the voucher may or may not be ours now. It stays held, for the operator to settle.
      this.deps.log('True Wallet voucher outcome unknown', { depositId: held.id, error: String(error) });
      return PENDING_ANSWER;
    }
    return this.settle(memberId, key, held.id, held.voucher, outcome);
  }

  private async redeem(memberId: number, voucher: string): Promise<{ credit: bigint } | { refuse: ErrorCode }> {
    const info = await this.deps.vouchers.inspect(voucher);
    if (info.kind === 'not_found') return { refuse: 'TRUELINK_INVALID' };
    // A voucher shared by several people would credit only one share; only one-ticket vouchers are taken.
    if (info.tickets > 1) return { refuse: 'TRUELINK_MULTI_TICKET' };
    if (!info.redeemable) return { refuse: 'TRUELINK_DUPLICATE' };
    if (info.amount < toMinor(TRUEWALLET_MINIMUM)) return { refuse: 'TRUEWALLET_MINIMUM' };
    // Safer play's deposit limit, now that the amount is known: refused before the voucher is redeemed.
    try {
      await this.money.hooks.depositGate(this.money.db, memberId, { amount: info.amount });
    } catch (error) {
      if (error instanceof DomainError) return { refuse: error.code };
      throw error;
    }
    const redeemed = await this.deps.vouchers.redeem(voucher);
    if (redeemed.kind === 'refused') return { refuse: REDEMPTION_REFUSALS[redeemed.reason] };
    return { credit: redeemed.amount };
  }

  private async settle(memberId: number, key: string, id: string, voucher: string, outcome: { credit: bigint } | { refuse: ErrorCode }): Promise<MoneyAnswer> {
    const currency = await this.money.currencyOf(memberId);
    return this.money.step(async (step) => {
      const now = this.deps.clock.now();
      let result: MoneyAnswer;
      if ('refuse' in outcome) {
        await step.trx.updateTable('deposit_truewallet').set({ status: 'failed', note: outcome.refuse, completed_at: now }).where('id', '=', id).execute();
        result = answerCode(outcome.refuse);
      } else {
        await step.trx.updateTable('deposit_truewallet').set({ status: 'credited', amount: outcome.credit, completed_at: now }).where('id', '=', id).execute();
        const balance = await creditDeposit(this.money, step, {
          memberId, currency, channel: 'truewallet', reference: `truewallet:${voucher}`, amount: outcome.credit, description: { depositId: id },
        });
        result = answerBody({ amount: toMajor(outcome.credit), wallet: { amount: toMajor(balance) } });
      }
      await step.complete(memberId, key, result);
      return result;
    });
  }
}
