import { sql, type Kysely } from 'kysely';

/**
 * Issue 31, what a pause and a deposit limit leave behind:
 * - `refund.status` 'forfeited': a refund waiting when a break or self-exclusion starts is given
 *   up (nothing waits for the member when it ends), received_at being when.
 * - `deposit_qrcode.status` 'held': a code paid past the member's deposit limit, or during a pause,
 *   is not credited; its payment reference is kept (paid or held, a payment settles one code) and
 *   the payment waits in the operators' unmatched-deposits queue as a `bank_arrival` of channel 'qr'.
 * - `bank_arrival.channel` 'qr': such a payment; the bank code is the QR provider's, it has no
 *   bank slip, and its ledger reference is the one the code's own credit would have had.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table refund drop constraint refund_status_check,
    add constraint refund_status_check check (status in ('waiting', 'bonus', 'wallet', 'forfeited'))`.execute(db);

  await sql`alter table deposit_qrcode drop constraint deposit_qrcode_status_check,
    add constraint deposit_qrcode_status_check check (status in ('live', 'paid', 'held', 'cancelled', 'replaced')),
    drop constraint deposit_qrcode_paid,
    add constraint deposit_qrcode_paid check ((status in ('paid', 'held')) = (paid_reference is not null))`.execute(db);

  await sql`alter table bank_arrival drop constraint bank_arrival_channel_check,
    add constraint bank_arrival_channel_check check (channel in ('bank', 'truewallet', 'qr')),
    add constraint bank_arrival_qr check (channel <> 'qr' or slip_id is null),
    drop constraint bank_arrival_truewallet,
    add constraint bank_arrival_truewallet check (channel <> 'truewallet' or (bank_code = 'TRUEWALLET' and currency = 'BAHT' and slip_id is null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bank_arrival drop constraint bank_arrival_qr, drop constraint bank_arrival_channel_check,
    add constraint bank_arrival_channel_check check (channel in ('bank', 'truewallet')),
    drop constraint bank_arrival_truewallet,
    add constraint bank_arrival_truewallet check (channel = 'bank' or (bank_code = 'TRUEWALLET' and currency = 'BAHT' and slip_id is null))`.execute(db);
  await sql`alter table deposit_qrcode drop constraint deposit_qrcode_paid, drop constraint deposit_qrcode_status_check,
    add constraint deposit_qrcode_status_check check (status in ('live', 'paid', 'cancelled', 'replaced')),
    add constraint deposit_qrcode_paid check ((status = 'paid') = (paid_reference is not null))`.execute(db);
  await sql`alter table refund drop constraint refund_status_check,
    add constraint refund_status_check check (status in ('waiting', 'bonus', 'wallet'))`.execute(db);
}
