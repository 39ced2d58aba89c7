import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Country } from '../../../contract';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import { bcelSlipQr, THAI_BANK_NUMBERS, thaiSlipQr } from '../../providers/emvco/slip-qr';
import type { SlipCheck, SlipVerifier } from '../../providers/slips/adapter';
import { drawSlip } from './slip-image';

export interface SandboxTransfer {
  /** Minor units. */
  amount: bigint;
  currency: string;
  /** The product's bank code of the sender (SCB, KBANK...). */
  sendingBank: string;
  receivingBank: string;
  receivingAccount: string;
  /** The slip service holds back its answer (a slow bank): the slip waits for an operator. */
  held?: boolean;
}

const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const randomText = (length: number) => Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');

/** Both countries keep UTC+7 all year. */
const local = (at: Date) => new Date(at.getTime() + 7 * 3600_000);
const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (at: Date) => {
  const l = local(at);
  return `${pad(l.getUTCDate())}/${pad(l.getUTCMonth() + 1)}/${l.getUTCFullYear()} ${pad(l.getUTCHours())}:${pad(l.getUTCMinutes())}:${pad(l.getUTCSeconds())}`;
};
const decimal = (minor: bigint) => `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
/** Shows only the last four digits, as banks' slip services do. */
const masked = (account: string) => account.replace(/\d(?=\d{4})/g, 'X');

/**
 * Who sent a transfer, as its slip shows it and its QR names it (the two must agree, or the
 * slip names one bank and the verifier is asked about another): a BCEL sender prints a BCEL One
 * proof; a Thai bank the Thai slip QR with its number. A sender the sandbox has no slip format
 * for is the country's usual bank (BCEL in Laos, SCB in Thailand).
 */
export function slipSender(country: Country, requested: string | undefined): { bank: string; number?: string } {
  if (requested === 'BCEL' || (country === 'LA' && !(requested && THAI_BANK_NUMBERS[requested]))) return { bank: 'BCEL' };
  const bank = requested && THAI_BANK_NUMBERS[requested] ? requested : 'SCB';
  return { bank, number: THAI_BANK_NUMBERS[bank] };
}

/**
 * The sandbox bank: makes transfers and prints their slips (PNG, with the slip QR a real bank
 * prints), and as the slip verifier it knows exactly the transfers it made.
 */
export class SandboxBank implements SlipVerifier {
  constructor(private readonly db: Kysely<DB>, private readonly clock: Clock, private readonly country: Country) {}

  async transfer(t: SandboxTransfer): Promise<{ reference: string; png: Buffer; sender: string }> {
    const at = this.clock.now();
    const l = local(at);
    const day = `${l.getUTCFullYear()}${pad(l.getUTCMonth() + 1)}${pad(l.getUTCDate())}`;
    const sender = slipSender(this.country, t.sendingBank);
    const reference = sender.number ? `${day}${randomText(12)}` : `FT${day.slice(2)}${randomText(8)}`;
    // What the slip's QR names: a Thai bank's number, or BCEL.
    const sendingBank = sender.number ?? sender.bank;
    await this.db.insertInto('sandbox_bank_transfer').values({
      reference, sending_bank: sendingBank, receiving_bank: t.receivingBank, receiving_account: t.receivingAccount,
      amount: t.amount, currency: t.currency, transferred_at: at, held: t.held ?? false,
    }).execute();
    const qr = sender.number ? thaiSlipQr({ sendingBank, reference }) : bcelSlipQr({ reference, ticket: randomBytes(3).toString('hex').toUpperCase() });
    const png = drawSlip({
      title: 'SANDBOX BANK',
      lines: [
        'TRANSFER SUCCESSFUL',
        `DATE ${stamp(at)}`,
        `AMOUNT ${decimal(t.amount)} ${t.currency === 'BAHT' ? 'THB' : t.currency}`,
        `FROM ${sender.bank}`,
        `TO ${t.receivingBank} ${t.receivingAccount}`,
        `REF ${reference}`,
        'SANDBOX - NOT A REAL TRANSFER',
      ],
      qr,
    });
    return { reference, png, sender: sender.bank };
  }

  async verify(slip: { sendingBank: string; reference: string }): Promise<SlipCheck> {
    const row = await this.db.selectFrom('sandbox_bank_transfer').selectAll().where('reference', '=', slip.reference).executeTakeFirst();
    if (!row || row.sending_bank !== slip.sendingBank) return { kind: 'refused', reason: 'INVALID_SLIP' };
    if (row.held) return { kind: 'pending' };
    return {
      kind: 'verified',
      transfer: { amount: BigInt(row.amount), currency: row.currency, receivingAccount: masked(row.receiving_account), transferredAt: row.transferred_at },
    };
  }
}
