import { randomInt, randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { toMajor, toMinor, type QrProvider } from '../../../contract';
import type { Clock } from '../../clock';
import { uniqueViolation } from '../../db/errors';
import type { DepositQrcodeTable } from '../../db/schema';
import { DomainError, refuse } from '../../errors';
import { GatewayRefusal, type QrChannel } from '../../providers/gateways/adapter';
import { MoneyRules, refuseOffStep } from '../../settings/money-rules';
import type { Settings } from '../../settings/settings';
import { WALLET_CHANGED, type Money, type MoneyStep } from '../../ledger/envelope';
import type { ArrivalReason } from '../../../contract';
import { heldReason } from './bank-arrivals';
import type { DepositAccounts } from './accounts';
import { creditDeposit } from './credit';
import { UUID } from '../../db/uuid';

export type QrRecord =
  | { hasQrcode: true; qrcodeId: string; qrcode: string; amount: number; expireIn: string; refresh?: boolean }
  | { hasQrcode: false; message?: string; remaining?: number; until?: string | null; paid?: PaidQrcode; held?: HeldQrcode };

/** The member's last code with a provider was paid but is held for an operator, and why. */
export interface HeldQrcode {
  qrcodeId: string;
  amount: number;
  reason: ArrivalReason;
}

/** The member's last paid code with a provider, and the wallet balance now. */
export interface PaidQrcode {
  qrcodeId: string;
  amount: number;
  wallet: { amount: number };
}

/** A payment notification, its signature already checked. */
export interface PaymentNotice {
  orderId: string;
  /** The gateway's (or bank's) payment reference. */
  reference: string;
  /** Minor units. */
  amount: bigint;
  currency: string;
  paidAt: Date;
}

type QrRow = Pick<DepositQrcodeTable, 'id' | 'amount' | 'payload' | 'expires_at'>;

const REFERENCE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** The order's short reference for the bank transfer (PromptPay reference 1, LAO QR bill number). */
const newReference = () => `QR${Array.from({ length: 12 }, () => REFERENCE_CHARS[randomInt(REFERENCE_CHARS.length)]).join('')}`;

export interface QrDeps {
  money: Money;
  accounts: DepositAccounts;
  channel: (provider: QrProvider) => QrChannel;
  settings: Settings;
  clock: Clock;
  log: (msg: string, detail: Record<string, unknown>) => void;
}

/**
 * Deposits by QR code. A member has at most one live code per provider (a unique partial
 * index); a new one replaces it, and marks the member's codes at the other providers for
 * refresh. A code is paid once, when the provider's signed notification arrives: the
 * notification's reference is unique on the code and in the ledger, so a repeated or
 * concurrent notification credits nothing more.
 */
export class QrDeposits {
  private readonly rules: MoneyRules;

  constructor(private readonly deps: QrDeps) {
    this.rules = new MoneyRules(deps.settings);
  }

  private get db() {
    return this.deps.money.db;
  }

  /** The member's code with this provider that can still be paid, if any. */
  async current(memberId: number, provider: QrProvider): Promise<QrRecord> {
    const row = await this.db.selectFrom('deposit_qrcode').select(['id', 'amount', 'payload', 'expires_at', 'needs_refresh'])
      .where('member_id', '=', memberId).where('provider', '=', provider).where('status', '=', 'live')
      .where('expires_at', '>', this.deps.clock.now())
      .executeTakeFirst();
    if (!row) return { hasQrcode: false, ...(await this.lastPaid(memberId, provider)) };
    // The refresh mark is answered once: whoever clears it tells the client.
    const refresh = row.needs_refresh && (await this.db.updateTable('deposit_qrcode').set({ needs_refresh: false })
      .where('id', '=', row.id).where('needs_refresh', '=', true).returning('id').executeTakeFirst()) !== undefined;
    return this.record(row, refresh);
  }

  /** Makes a code for an amount; a refusal is answered as `hasQrcode: false` with its code (SPEC section 8). */
  async create(memberId: number, provider: QrProvider, amount: bigint): Promise<QrRecord> {
    try {
      return await this.open(memberId, provider, amount);
    } catch (error) {
      // Safer play's refusals say what is left of the limit, or until when the pause holds.
      if (error instanceof DomainError) return { hasQrcode: false, message: error.code, ...error.facts };
      throw error;
    }
  }

  private async open(memberId: number, provider: QrProvider, amount: bigint): Promise<QrRecord> {
    await this.deps.money.hooks.depositGate(this.db, memberId, { amount });
    const currency = await this.deps.money.currencyOf(memberId);
    // Bounds are the member's currency's (SPEC section 9 gives baht's minimums: bank QR above 0,
    // the gateways 10 or 100; issue 27 the maximum); a LAK code is for whole kip, as kip is paid.
    const rules = await this.rules.of(currency);
    if (amount <= 0n || amount < toMinor(rules.qr[provider].minimum)) refuse('QR_MINIMUM');
    if (amount > toMinor(rules.qr[provider].maximum)) refuse('QR_MAXIMUM');
    refuseOffStep(rules, amount);
    if (!(await this.deps.accounts.offersQr(provider, currency))) refuse('QR_FAIL', `no ${provider} QR for ${currency}`);

    const id = randomUUID();
    const reference = newReference();
    const expiresAt = new Date(this.deps.clock.now().getTime() + (await this.deps.settings.get('qr.expireMinutes', 10)) * 60_000);
    const channel = this.deps.channel(provider);
    let opened;
    try {
      opened = await channel.open({ orderId: id, provider, amount, currency, reference, expiresAt });
    } catch (error) {
      if (!(error instanceof GatewayRefusal)) throw error;
      this.deps.log('QR order refused', { provider, reason: error.reason });
      refuse('QR_FAIL', error.reason);
    }

    let replaced: { id: string; gateway_order_id: string | null }[] = [];
    try {
      replaced = await this.db.transaction().execute(async (trx) => {
        const now = this.deps.clock.now();
        const old = await trx.updateTable('deposit_qrcode').set({ status: 'replaced', closed_at: now })
          .where('member_id', '=', memberId).where('provider', '=', provider).where('status', '=', 'live')
          .returning(['id', 'gateway_order_id'])
          .execute();
        await trx.insertInto('deposit_qrcode').values({
          id, member_id: memberId, provider, currency, amount, reference, payload: opened!.payload,
          gateway_order_id: opened!.gatewayOrderId, expires_at: expiresAt, created_at: now,
          closed_at: null, paid_reference: null, paid_amount: null,
        }).execute();
        await trx.updateTable('deposit_qrcode').set({ needs_refresh: true })
          .where('member_id', '=', memberId).where('provider', '<>', provider).where('status', '=', 'live')
          .execute();
        return old;
      });
    } catch (error) {
      // Another request made a code with this provider at the same moment; it stands.
      if (uniqueViolation(error) === undefined) throw error;
      await this.close(channel, [{ id, gateway_order_id: opened!.gatewayOrderId }]);
      refuse('QR_FAIL', 'a code was made at the same time');
    }
    await this.close(channel, replaced);
    return this.record({ id, amount, payload: opened!.payload, expires_at: expiresAt }, false);
  }

  /** Tells the provider that orders are closed; a failure only leaves an order the webhook will refuse. */
  private async close(channel: QrChannel, orders: { id: string; gateway_order_id: string | null }[]) {
    for (const order of orders) {
      await channel.cancel({ orderId: order.id, gatewayOrderId: order.gateway_order_id })
        .catch((error: unknown) => this.deps.log('QR order not closed at the provider', { orderId: order.id, error: String(error) }));
    }
  }

  /** Cancels one of the member's codes; someone else's code is not found. */
  async cancel(memberId: number, qrcodeId: string, channelOf: (provider: QrProvider) => QrChannel): Promise<void> {
    if (!UUID.test(qrcodeId)) refuse('NOT_FOUND');
    const closed = await this.db.updateTable('deposit_qrcode').set({ status: 'cancelled', closed_at: this.deps.clock.now() })
      .where('id', '=', qrcodeId).where('member_id', '=', memberId).where('status', '=', 'live')
      .returning(['id', 'provider', 'gateway_order_id'])
      .executeTakeFirst();
    if (closed) {
      await this.close(channelOf(closed.provider as QrProvider), [closed]);
      return;
    }
    const mine = await this.db.selectFrom('deposit_qrcode').select('id').where('id', '=', qrcodeId).where('member_id', '=', memberId).executeTakeFirst();
    if (!mine) refuse('NOT_FOUND');
  }

  /**
   * A provider says a code was paid: credits it once. Answers quietly for a notification seen
   * before; refuses one for an unknown, closed or expired code, or another amount.
   */
  async confirm(provider: QrProvider, notice: PaymentNotice): Promise<void> {
    // Gateways send back our order id; a bank's notification carries the order's reference 1.
    const by = UUID.test(notice.orderId) ? 'id' : 'reference';
    try {
      await this.deps.money.step(async (step) => {
        const { trx } = step;
        const code = await trx.selectFrom('deposit_qrcode').selectAll()
          .where(by, '=', notice.orderId).where('provider', '=', provider)
          .forUpdate()
          .executeTakeFirst();
        if (!code) throw new DomainError('NOT_FOUND');
        if (code.status === 'paid' || code.status === 'held') {
          if (code.paid_reference === notice.reference) return undefined;
          throw new DomainError('QR_FAIL', 'the code was paid by another payment');
        }
        if (code.status !== 'live') throw new DomainError('QR_FAIL', `the code is ${code.status}`);
        if (notice.paidAt.getTime() > code.expires_at.getTime()) throw new DomainError('QR_FAIL', 'paid after the code expired');
        if (notice.amount !== BigInt(code.amount) || notice.currency !== code.currency) throw new DomainError('QR_FAIL', 'the amount does not match the code');
        // The rules every deposit meets, again now the money is here (another code may have been
        // paid since this one was made): past a limit, during a pause or with a bonus held, the
        // payment waits for an operator instead (issue 31).
        const held = await heldReason(this.deps.money, trx, code.member_id, notice.amount);
        await trx.updateTable('deposit_qrcode')
          .set({ status: held ? 'held' : 'paid', paid_reference: notice.reference, paid_amount: notice.amount, closed_at: this.deps.clock.now() })
          .where('id', '=', code.id)
          .execute();
        if (held) {
          await this.holdForOperator(step, provider, notice, code.member_id, held);
          return undefined;
        }
        await creditDeposit(this.deps.money, step, {
          memberId: code.member_id, currency: code.currency, channel: provider, reference: `${provider}:${notice.reference}`,
          amount: notice.amount, description: { qrcodeId: code.id, reference: code.reference },
        });
      });
    } catch (error) {
      // The same payment reference already paid a code (a concurrent copy that committed first).
      if (uniqueViolation(error) === undefined) throw error;
      const paid = await this.db.selectFrom('deposit_qrcode').select('id')
        .where(by, '=', notice.orderId).where('paid_reference', '=', notice.reference).executeTakeFirst();
      if (!paid) throw new DomainError('QR_FAIL', 'the payment reference paid another code');
      return;
    }
  }

  /**
   * A payment held for safer play or a held bonus: it waits in the operators' unmatched-deposits
   * queue as an arrival of channel 'qr' (the member who made the code as its sender), where an
   * operator credits it (with the reference the code's credit would have had) or returns it. The
   * member's page reads the code again and says it is held, and why.
   */
  private async holdForOperator(step: MoneyStep, provider: QrProvider, notice: PaymentNotice, memberId: number, reason: ArrivalReason) {
    const member = await step.trx.selectFrom('member').select(['name', 'username']).where('id', '=', memberId).executeTakeFirstOrThrow();
    await step.trx.insertInto('bank_arrival').values({
      id: randomUUID(), channel: 'qr', bank_code: provider, receiving_account: provider, reference: notice.reference,
      amount: notice.amount, currency: notice.currency as 'BAHT' | 'LAK', sender_bank: 'QR', sender_account: member.username,
      sender_name: member.name, transferred_at: notice.paidAt, reason, member_id: null, decided_by: null, note: null, decided_at: null,
    }).execute();
    step.announce(memberId, WALLET_CHANGED);
  }

  /**
   * The member's most recently paid code with this provider: a client that was showing that code
   * tells the member it was paid, with the new balance, instead of a silent empty form.
   */
  private async lastPaid(memberId: number, provider: QrProvider): Promise<{ paid?: PaidQrcode; held?: HeldQrcode }> {
    const paid = await this.db.selectFrom('deposit_qrcode').select(['id', 'paid_amount', 'amount', 'status', 'paid_reference'])
      .where('member_id', '=', memberId).where('provider', '=', provider).where('status', 'in', ['paid', 'held'])
      .orderBy('closed_at', 'desc').limit(1)
      .executeTakeFirst();
    if (!paid) return {};
    const amount = toMajor(BigInt(paid.paid_amount ?? paid.amount));
    if (paid.status === 'held') {
      // Held until an operator decides: the arrival of this payment says why.
      const arrival = await this.db.selectFrom('bank_arrival').select('reason')
        .where('channel', '=', 'qr').where('bank_code', '=', provider).where('reference', '=', paid.paid_reference!).executeTakeFirst();
      return { held: { qrcodeId: paid.id, amount, reason: (arrival?.reason ?? 'DEPOSIT_LIMIT_REACHED') as ArrivalReason } };
    }
    const wallet = await this.db.selectFrom('ledger_account').select('balance')
      .where('member_id', '=', memberId).where('kind', '=', 'wallet').executeTakeFirst();
    return { paid: { qrcodeId: paid.id, amount, wallet: { amount: toMajor(BigInt(wallet?.balance ?? 0)) } } };
  }

  private async record(row: QrRow, refresh: boolean): Promise<QrRecord> {
    return {
      hasQrcode: true,
      qrcodeId: row.id,
      qrcode: await QRCode.toDataURL(row.payload, { errorCorrectionLevel: 'M', margin: 4, width: 320 }),
      amount: toMajor(row.amount),
      expireIn: row.expires_at.toISOString(),
      refresh,
    };
  }
}
