import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { toMajor, type ErrorCode } from '../../../contract';
import type { Clock } from '../../clock';
import { uniqueViolation } from '../../db/errors';
import { keysetPage, memberListTotal, type ListPageRequest } from '../../db/member-lists';
import { DomainError, refuse } from '../../errors';
import type { SlipVerifier } from '../../providers/slips/adapter';
import type { Lookups } from '../lookup/lookups';
import { answerBody } from '../../ledger/answer';
import type { Money } from '../../ledger/envelope';
import { accountMatches, type DepositAccounts } from './accounts';
import { creditDeposit } from './credit';
import { parseSlipQr } from '../../providers/emvco/slip-qr';
import { arrivalForSlip, lockSameTransfers } from './same-transfer';
import type { SlipReader } from './slip-read-pool';
import type { SlipImageType } from './slip-reader';
import { UUID } from '../../db/uuid';

/** A slip as the member sees it (the contract's slip). */
export interface SlipView {
  _id: string;
  createdAt: string;
  amount: number | null;
  status: string;
  note: string | null;
  link: string | null;
  reference: string | null;
}

interface SlipRow {
  id: string;
  member_id: number;
  status: string;
  note: string | null;
  reference: string | null;
  amount: bigint | null;
  created_at: Date;
}

/** The refusals that hold a read slip for an operator instead of failing it (safer play). */
const HELD_FOR_OPERATOR: ReadonlySet<string> = new Set<ErrorCode>(['DEPOSIT_LIMIT_REACHED', 'ON_BREAK', 'SELF_EXCLUDED']);

const VIEW_COLUMNS = ['id', 'member_id', 'status', 'note', 'reference', 'amount', 'created_at'] as const;

export const slipView = (row: SlipRow): SlipView => ({
  _id: row.id,
  createdAt: row.created_at.toISOString(),
  amount: row.amount === null ? null : toMajor(row.amount),
  status: row.status,
  note: row.note,
  link: `/api/statement/slip/reference/${encodeURIComponent(row.reference ?? row.id)}`,
  reference: row.reference,
});


export interface SlipDeps {
  money: Money;
  accounts: DepositAccounts;
  verifier: SlipVerifier;
  /** Decodes and scans slip images off the event loop, within a time budget and a bound per node. */
  reader: SlipReader;
  lookups: Lookups;
  clock: Clock;
}

/**
 * Deposits by transfer slip. Every upload is kept as a slip with its image; its QR names the
 * transfer (sending bank and reference), the verifier confirms it with the bank, and the wallet
 * is credited in the transaction that marks the slip SUCCESS. A reference is held by one slip
 * in progress or credited (a unique index), so the same slip uploaded again fails as
 * SLIP_REFNO_DUPLICATED; the ledger's unique (kind, reference) guards the credit as well.
 */
/** The slip's transfer was credited already through the bank feed: the slip is its duplicate. */
class SameTransferCredited extends Error {}

export class Slips {
  constructor(private readonly deps: SlipDeps) {}

  private get db() {
    return this.deps.money.db;
  }

  /**
   * Keeps the upload and checks it; answers the slip. The same key answers the same slip as it
   * is now (replayed): the key is registered in the one key table with the slip, and the slip's
   * own unique (member, key) stays as a second lock.
   */
  async upload(request: { memberId: number; key: string; image: Buffer; type: SlipImageType }): Promise<{ slip: SlipView; replayed: boolean }> {
    const { memberId, key, image, type } = request;
    const hash = createHash('sha256').update(image).digest('hex');
    const earlier = await this.byKey(memberId, key, hash);
    if (earlier) return { slip: slipView(earlier), replayed: true };
    await this.deps.money.hooks.depositGate(this.db, memberId);
    if (!(await this.deps.lookups.slip()).isOpen) refuse('SLIP_UPLOAD_CLOSED');
    // Every reader busy and the line full: refused before anything is kept, so the member simply retries.
    if (this.deps.reader.full) refuse('SLIP_UPLOAD_BUSY');

    const id = randomUUID();
    const kept = await this.deps.money.request({ memberId, key, operation: 'slip', payload: { image: hash } }, async ({ trx }) => {
      await trx.insertInto('deposit_slip')
        .values({
          id, member_id: memberId, idempotency_key: key, image, image_type: type, image_hash: hash,
          note: null, sending_bank: null, reference: null, amount: null, receiving_account: null, transferred_at: null,
          created_at: this.deps.clock.now(), completed_at: null,
        })
        .execute();
      return { answer: answerBody({ slipId: id }), result: id };
    });
    // A copy of this request got in first: its slip is the answer.
    if (kept.result === undefined) {
      const copy = await this.byKey(memberId, key, hash);
      if (!copy) return refuse(kept.answer.code ?? 'TRANSFER_PENDING');
      return { slip: slipView(copy), replayed: true };
    }
    await this.check(id, image, type);
    return { slip: slipView(await this.row(id)), replayed: false };
  }

  private async byKey(memberId: number, key: string, hash: string): Promise<(SlipRow & { image_hash: string }) | undefined> {
    const row = await this.db.selectFrom('deposit_slip').select([...VIEW_COLUMNS, 'image_hash'])
      .where('member_id', '=', memberId).where('idempotency_key', '=', key).executeTakeFirst();
    if (row && row.image_hash !== hash) throw new DomainError('IDEMPOTENCY_CONFLICT');
    return row;
  }

  private row(id: string): Promise<SlipRow> {
    return this.db.selectFrom('deposit_slip').select(VIEW_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** Reads, verifies and settles a slip still in progress. Safe to run again (the reconciler does). */
  async check(id: string, image: Buffer, type: SlipImageType): Promise<void> {
    const reading = await this.deps.reader.read(image, type);
    // A slip that found no free reader stays in progress; the periodic re-check reads it later.
    if (reading.kind === 'busy') return;
    if (reading.kind === 'too_large' || reading.kind === 'too_slow') return this.fail(id, 'IMG_SIZE_UNABLE_TO_PROCESS');
    if (reading.kind === 'none') return this.fail(id, 'CANNOT_READ_CROPPED_IMAGE');
    const qr = parseSlipQr(reading.text);
    if (qr === 'bad_crc') return this.fail(id, 'UNSTABLE_REFNO_ON_SLIP');
    if (typeof qr === 'string') return this.fail(id, 'CANNOT_READ_CROPPED_IMAGE');

    // Claim the reference for this slip: a slip in progress or credited already holding it wins.
    try {
      await this.db.updateTable('deposit_slip').set({ reference: qr.reference, sending_bank: qr.sendingBank })
        .where('id', '=', id).where('status', '=', 'PENDING').execute();
    } catch (error) {
      if (uniqueViolation(error) === undefined) throw error;
      // A failed slip is outside the unique index, so it may keep the reference it showed.
      return this.fail(id, 'SLIP_REFNO_DUPLICATED', { reference: qr.reference, sending_bank: qr.sendingBank });
    }

    const slip = await this.db.selectFrom('deposit_slip').select(['member_id', 'created_at', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    if (slip.status !== 'PENDING') return;
    const check = await this.deps.verifier.verify({ payload: reading.text, sendingBank: qr.sendingBank, reference: qr.reference });
    if (check.kind === 'pending') return;
    if (check.kind === 'refused') return this.fail(id, check.reason);

    const { transfer } = check;
    const currency = await this.deps.money.currencyOf(slip.member_id);
    const ours = await this.deps.accounts.receiving(currency);
    if (!ours.some((a) => accountMatches(transfer.receivingAccount, a.bankAccountNo))) return this.fail(id, 'DEST_ACC_INVALID');
    if (transfer.currency !== currency) return this.fail(id, 'NOT_MATCH');
    const { uploadWithinMinutes } = await this.deps.lookups.slip();
    // A slip must be uploaded within the hour of its transfer (SPEC section 2, deposit text).
    if (slip.created_at.getTime() - transfer.transferredAt.getTime() > uploadWithinMinutes * 60_000) return this.fail(id, 'EXPIRED_SLIP');
    // Safer play (issue 31): a slip past the member's deposit limit, or sent during a break or
    // self-exclusion, is held for an operator (PENDING with the reason as its note), not credited.
    try {
      await this.deps.money.hooks.depositGate(this.db, slip.member_id, { amount: transfer.amount });
    } catch (error) {
      if (!(error instanceof DomainError) || !HELD_FOR_OPERATOR.has(error.code)) throw error;
      await this.db.updateTable('deposit_slip')
        .set({ note: error.code, amount: transfer.amount, receiving_account: transfer.receivingAccount, transferred_at: transfer.transferredAt })
        .where('id', '=', id).where('status', '=', 'PENDING').execute();
      return;
    }

    try {
      await this.deps.money.step(async (step) => {
        const { trx } = step;
        // The bank feed may have reported this transfer already, from this member's account (same-transfer.ts).
        await lockSameTransfers(trx, transfer.amount);
        const arrival = await arrivalForSlip(trx, transfer, { memberId: slip.member_id, sendingBank: qr.sendingBank });
        if (arrival?.status === 'credited') throw new SameTransferCredited();
        const now = this.deps.clock.now();
        const done = await trx.updateTable('deposit_slip')
          .set({ status: 'SUCCESS', amount: transfer.amount, receiving_account: transfer.receivingAccount, transferred_at: transfer.transferredAt, completed_at: now })
          .where('id', '=', id).where('status', '=', 'PENDING')
          .returning('id')
          .executeTakeFirst();
        if (!done) return;
        if (arrival) {
          // Waiting for an operator: the slip credits it, and the arrival is settled with it.
          const claimed = await trx.updateTable('bank_arrival')
            .set({ status: 'credited', member_id: slip.member_id, slip_id: id, decided_at: now, note: 'credited by the member\'s slip' })
            .where('id', '=', arrival.id).where('status', '=', 'unmatched').executeTakeFirst();
          // An operator assigned it a moment ago: that was this transfer's credit.
          if (!claimed.numUpdatedRows) throw new SameTransferCredited();
        }
        await creditDeposit(this.deps.money, step, {
          memberId: slip.member_id, currency, channel: 'slip', reference: qr.reference, amount: transfer.amount,
          description: { slipId: id, sendingBank: qr.sendingBank },
        });
      });
    } catch (error) {
      if (!(error instanceof SameTransferCredited) && uniqueViolation(error) === undefined) throw error;
      return this.fail(id, 'SLIP_REFNO_DUPLICATED');
    }
  }

  private async fail(id: string, reason: ErrorCode, shown: { reference?: string; sending_bank?: string } = {}): Promise<void> {
    await this.db.updateTable('deposit_slip')
      .set({ status: 'FAILED', note: reason, completed_at: this.deps.clock.now(), ...shown })
      .where('id', '=', id).where('status', '=', 'PENDING')
      .execute();
  }

  /** Checks again the slips left in progress (a slow verifier, or a crash) for longer than `graceMs`. */
  async recheck(graceMs: number, limit = 50): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - graceMs);
    const pending = await this.db.selectFrom('deposit_slip').select(['id', 'image', 'image_type'])
      .where('status', '=', 'PENDING').where('created_at', '<=', before).where('image', 'is not', null)
      // A slip held for an operator (safer play: its note says why) waits for the operator, not the reader.
      .where('note', 'is', null)
      .orderBy('created_at').limit(limit).execute();
    for (const slip of pending) await this.check(slip.id, Buffer.from(slip.image!), slip.image_type);
    return pending.length;
  }

  /**
   * Removes the images of slips that failed longer than `keepMs` ago: an operator reviews a failed
   * slip within that window, after which the image is only a liability. The slip stays listed.
   */
  async removeFailedImages(keepMs: number): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - keepMs);
    const removed = await this.db.updateTable('deposit_slip').set({ image: null })
      .where('status', '=', 'FAILED').where('image', 'is not', null).where('completed_at', '<', before)
      .executeTakeFirst();
    return Number(removed.numUpdatedRows);
  }

  /**
   * A page of the member's slips, newest first: by cursor along (member_id, created_at, id),
   * or SPEC's page number; `total` is the running count (migration 0009), not a count.
   */
  async page(memberId: number, request: ListPageRequest) {
    const [total, page] = await Promise.all([
      memberListTotal(this.db, memberId, 'slip'),
      keysetPage({
        request,
        // The time as the database prints it keeps its microseconds, which a Date would drop.
        key: z.tuple([z.string().max(64), z.string().regex(UUID)]),
        keyOf: (row: SlipRow & { at: string }) => [row.at, row.id] as [string, string],
        load: ({ after, skip }, take) => {
          let query = this.db.selectFrom('deposit_slip').select([...VIEW_COLUMNS, sql<string>`created_at::text`.as('at')])
            .where('member_id', '=', memberId);
          if (after) query = query.where(sql<boolean>`(created_at, id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
          return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(take).offset(skip).execute();
        },
      }),
    ]);
    return { total, slips: page.rows.map(slipView), cursor: page.cursor };
  }

  /** The image of one of the member's slips, by its transaction reference or its id, as a data URL. */
  async imageUrl(memberId: number, referenceOrId: string): Promise<string> {
    let query = this.db.selectFrom('deposit_slip').select(['image', 'image_type']).where('member_id', '=', memberId);
    query = UUID.test(referenceOrId)
      ? query.where((eb) => eb.or([eb('reference', '=', referenceOrId), eb('id', '=', referenceOrId)]))
      : query.where('reference', '=', referenceOrId);
    const row = await query
      .orderBy(sql`case status when 'SUCCESS' then 0 when 'PENDING' then 1 else 2 end`)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    // No such slip, or a failed one whose image was removed after its review window.
    if (!row?.image) refuse('NOT_FOUND');
    return `data:${row!.image_type};base64,${Buffer.from(row!.image!).toString('base64')}`;
  }
}
