import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { MoneyStep } from './envelope';

/** A deposit about to be credited, as the rules of other areas see it. */
export interface DepositFacts {
  memberId: number;
  currency: string;
  /** The house account's channel: slip, truewallet, bank, or the QR provider's code. */
  channel: string;
  /** The deposit's unique reference in the ledger. */
  reference: string;
  /** Minor units. */
  amount: bigint;
}

/** A withdrawal about to hold money. */
export interface WithdrawalFacts {
  memberId: number;
  /** The member asked for the whole wallet balance (and confirmed the figure). */
  wholeBalance: boolean;
}

/**
 * A deposit gate's facts: the amount when it is known before money moves (a QR code, a gift link
 * once inspected, a bank arrival, a slip once read); absent when it is not yet (a slip's upload).
 */
export interface DepositAsked {
  amount?: bigint;
}

/** A member's break or self-exclusion, [from, to); `to` null for good. */
export interface PauseWindow {
  memberId: number;
  from: Date;
  to: Date | null;
}

type Gate = (db: Kysely<DB> | Transaction<DB>, memberId: number, deposit: DepositAsked) => Promise<void>;
type MemberGate = (db: Kysely<DB> | Transaction<DB>, memberId: number) => Promise<void>;
/** Refuses by throwing; answers true when its answer depends on money the member may move at the same moment. */
type TransferInGate = (db: Kysely<DB> | Transaction<DB>, memberId: number, amount: bigint) => Promise<boolean | void>;
type PausesIn = (db: Kysely<DB> | Transaction<DB>, query: { memberId?: number; from: Date; to: Date }) => Promise<PauseWindow[]>;
type OnPlayStopped = (step: MoneyStep, memberId: number) => Promise<void>;
type OnDeposit = (step: MoneyStep, deposit: DepositFacts) => Promise<void>;
type BeforeWithdrawal = (step: MoneyStep, withdrawal: WithdrawalFacts) => Promise<void>;

/**
 * Rules of one area that another area's money step must follow, registered by their owners at
 * start so the money modules import none of them: promotions refuses a deposit while a bonus is
 * held and gives a held bonus up before a whole-balance withdrawal; the spin wheel grants coins
 * with a deposit. Each runs inside the step's transaction, so a refusal moves nothing.
 */
export class MoneyHooks {
  private readonly gates: Gate[] = [];
  private readonly deposits: OnDeposit[] = [];
  private readonly withdrawals: BeforeWithdrawal[] = [];
  private readonly transfersIn: TransferInGate[] = [];
  private readonly gifts: MemberGate[] = [];
  private readonly playStopped: OnPlayStopped[] = [];
  private readonly pauseSources: PausesIn[] = [];

  /** A rule that refuses (throws a DomainError) a member's new deposit before anything is made for it. */
  onDepositGate(gate: Gate): void {
    this.gates.push(gate);
  }

  /** Work done with a deposit's credit, in its transaction, before the posting. */
  onDeposit(work: OnDeposit): void {
    this.deposits.push(work);
  }

  /** A rule a withdrawal meets in its transaction before its money is held. */
  beforeWithdrawal(rule: BeforeWithdrawal): void {
    this.withdrawals.push(rule);
  }

  /**
   * A rule that refuses a transfer from the wallet into a game before any money moves (safer
   * play's loss limit and withdraw-only mode). A rule that counts the member's own transfers (the
   * loss limit) answers true: the transfer then checks every rule again in its reservation's
   * transaction, in the member's turn, so two transfers at once cannot both pass the limit.
   */
  onTransferInGate(gate: TransferInGate): void {
    this.transfersIn.push(gate);
  }

  /**
   * A rule that refuses a gift to a member (a bonus or promotion, a spin, a spin coupon's prize,
   * an invite or refund payout): safer play's break and self-exclusion.
   */
  onGiftGate(gate: MemberGate): void {
    this.gifts.push(gate);
  }

  /** Work done in the step that stops a member's play (a break, a self-exclusion): promotions forfeits a held bonus. */
  onPlayStopped(work: OnPlayStopped): void {
    this.playStopped.push(work);
  }

  /**
   * Where members' pauses are read (safer play's breaks and self-exclusions): gifts that accrue
   * over time (invite earnings, refunds) skip what fell inside one, so nothing waits for the
   * member when it ends.
   */
  onPausesIn(source: PausesIn): void {
    this.pauseSources.push(source);
  }

  /** The pauses overlapping [from, to), of one member or of all. */
  async pausesIn(db: Kysely<DB> | Transaction<DB>, query: { memberId?: number; from: Date; to: Date }): Promise<PauseWindow[]> {
    const all = await Promise.all(this.pauseSources.map((source) => source(db, query)));
    return all.flat();
  }

  async depositGate(db: Kysely<DB> | Transaction<DB>, memberId: number, deposit: DepositAsked = {}): Promise<void> {
    for (const gate of this.gates) await gate(db, memberId, deposit);
  }

  /** Runs the transfer rules; answers whether one asks to be checked again in the member's turn. */
  async transferInGate(db: Kysely<DB> | Transaction<DB>, memberId: number, amount: bigint): Promise<boolean> {
    let again = false;
    for (const gate of this.transfersIn) again = (await gate(db, memberId, amount)) === true || again;
    return again;
  }

  async giftGate(db: Kysely<DB> | Transaction<DB>, memberId: number): Promise<void> {
    for (const gate of this.gifts) await gate(db, memberId);
  }

  async stopPlay(step: MoneyStep, memberId: number): Promise<void> {
    for (const work of this.playStopped) await work(step, memberId);
  }

  async deposit(step: MoneyStep, deposit: DepositFacts): Promise<void> {
    for (const work of this.deposits) await work(step, deposit);
  }

  async withdrawal(step: MoneyStep, withdrawal: WithdrawalFacts): Promise<void> {
    for (const rule of this.withdrawals) await rule(step, withdrawal);
  }
}
