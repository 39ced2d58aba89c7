import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { DomainError } from '../errors';
import { MemberNotices, type MemberNotice } from '../notices/member-notices';
import { AccountDirectory } from './accounts';
import { answerCode, PENDING_ANSWER, type MoneyAnswer } from './answer';
import { MoneyHooks } from './hooks';
import { IdempotencyKeys, type KeyedRequest } from './idempotency';
import { postEntry, type EntryInput, type PostedEntry } from './post';

/** The socket event a member's open pages receive when any of their money moved. */
export const WALLET_CHANGED = 'wallet.changed';

/** What a money step works with, inside its one transaction. */
export interface MoneyStep {
  readonly trx: Transaction<DB>;
  /**
   * Books one entry through the ledger's one write (`post.ts`); the entry's member is told
   * `wallet.changed` once the step commits.
   */
  post(entry: EntryInput): Promise<PostedEntry>;
  /** An event for the member's open pages, sent only if and after the step commits. */
  announce(memberId: number, event: string, payload?: unknown): void;
  /**
   * Something to tell the member outside the open page (a push: `notices/member-notices.ts`),
   * handed to the notices' listeners only if and after the step commits.
   */
  tell(memberId: number, notice: MemberNotice): void;
  /**
   * Registers a key the step itself derives (a deposit's reference, an operator's proposal...)
   * as done with this answer: a second step with the same key fails on the unique index.
   */
  register(request: KeyedRequest, answer: MoneyAnswer): Promise<void>;
  /** Gives a key a request left open (`{ open }`) its final answer. */
  complete(memberId: number, key: string, answer: MoneyAnswer): Promise<void>;
}

/** How a request's step ends: with its answer, or open (the key stays pending) to be completed by a later step. */
export type Settled<R> = { answer: MoneyAnswer; result?: R } | { open: R };

/** A request's outcome: its answer (stored, or replayed), and what the step handed on when it ran now. */
export interface Moved<R> {
  answer: MoneyAnswer;
  /** Set when this call ran the step and the step returned a result. */
  result?: R;
  /** Set when the step left its key open: the caller goes on (calls the outside) and completes it. */
  open?: R;
}

interface Announcement {
  memberId: number;
  event: string;
  payload: unknown;
}

interface Told {
  memberId: number;
  notice: MemberNotice;
}

/** What a step leaves to do after its commit. */
interface AfterCommit {
  announcements: Announcement[];
  told: Told[];
  entries: number;
}

/**
 * The one way money moves (`README.md`): a step runs in one transaction, claims its key in the
 * one key table, books only through the ledger's one write, stores its answer as a body or an
 * error code, and its events go out after commit. Rules of other areas join through `hooks`.
 */
export class Money {
  readonly accounts = new AccountDirectory();
  readonly keys = new IdempotencyKeys();
  readonly hooks = new MoneyHooks();
  private readonly currencies = new Map<number, string>();
  private readonly moneyMovedListeners: (() => void)[] = [];
  private readonly bookedListeners: ((entries: number) => void)[] = [];

  constructor(
    readonly db: Kysely<DB>,
    private readonly publish: (memberId: number, event: string, payload: unknown) => void,
    /** How long a request waits for a duplicate's answer before answering "in progress". */
    readonly duplicateWaitMs: number,
    /** Where `step.tell` notices go after commit (the app context's; tests may leave it out). */
    readonly notices: MemberNotices = new MemberNotices(),
  ) {}

  /** A member's currency never changes, so it is read once per process (never call inside a step on PGlite: one connection). */
  async currencyOf(memberId: number): Promise<string> {
    const cached = this.currencies.get(memberId);
    if (cached) return cached;
    const row = await this.db.selectFrom('member').select('currency').where('id', '=', memberId).executeTakeFirst();
    if (!row) throw new Error(`no member ${memberId}`);
    this.currencies.set(memberId, row.currency);
    return row.currency;
  }

  /**
   * A money step the product takes on an outside fact or an operator's decision: one
   * transaction, events after commit. Its keys are registered by the step (`register`), or are
   * the ledger's unique references and the step's own rows.
   */
  async step<R>(work: (step: MoneyStep) => Promise<R>): Promise<R> {
    const after: AfterCommit = { announcements: [], told: [], entries: 0 };
    const result = await this.db.transaction().execute((trx) => work(this.stepIn(trx, after)));
    for (const a of after.announcements) this.publish(a.memberId, a.event, a.payload);
    for (const t of after.told) this.notices.tell(t.memberId, t.notice);
    if (after.entries > 0) {
      this.moneyMoved();
      this.entriesBooked(after.entries);
    }
    return result;
  }

  /**
   * Calls `listener` after every commit that booked an entry: a step's, and the transfer saga's
   * (announced as `wallet.changed` through `announceCommitted`). The dashboard's live signal
   * (modules/reports); a listener must be quick and must not throw.
   */
  onMoneyMoved(listener: () => void): void {
    this.moneyMovedListeners.push(listener);
  }

  /**
   * Calls `listener` with the number of ledger entries each commit booked (the metrics' counter,
   * `metrics/`): a step's, counted here, and the transfer saga's, counted by the saga through
   * `entriesBooked`. A listener must be quick and must not throw.
   */
  onEntriesBooked(listener: (entries: number) => void): void {
    this.bookedListeners.push(listener);
  }

  /** Entries committed outside a step: the transfer saga's SQL functions book and commit as they return. */
  entriesBooked(entries: number): void {
    if (entries > 0) for (const listener of this.bookedListeners) listener(entries);
  }

  private moneyMoved() {
    for (const listener of this.moneyMovedListeners) listener();
  }

  /**
   * A member's (or an operator's) request with its idempotency key: the key is claimed in the
   * step's transaction; a key done before answers its stored answer (replayed), a key another
   * copy is working on waits for its answer; a refusal (a DomainError) rolls the step back and
   * becomes the key's answer for every copy.
   */
  async request<R>(request: KeyedRequest, work: (step: MoneyStep) => Promise<Settled<R>>): Promise<Moved<R>> {
    type Outcome = Settled<R> | { replay: MoneyAnswer } | { busy: true };
    let outcome: Outcome;
    try {
      outcome = await this.step<Outcome>(async (step) => {
        const claim = await this.keys.claim(step.trx, request);
        if (claim.kind === 'done') return { replay: claim.answer };
        if (claim.kind === 'pending') return { busy: true };
        const settled = await work(step);
        if ('answer' in settled) await this.keys.complete(step.trx, request.memberId, request.key, settled.answer);
        return settled;
      });
    } catch (error) {
      if (!(error instanceof DomainError) || error.code === 'IDEMPOTENCY_CONFLICT') throw error;
      return { answer: (await this.keys.recordRefusal(this.db, request, answerCode(error.code), this.duplicateWaitMs)) ?? PENDING_ANSWER };
    }
    if ('replay' in outcome) return { answer: outcome.replay };
    if ('busy' in outcome) return { answer: await this.awaitAnswer(request.memberId, request.key) };
    if ('open' in outcome) return { answer: PENDING_ANSWER, open: outcome.open };
    return { answer: outcome.answer, result: outcome.result };
  }

  /** The key's answer once another copy (or the reconciler) gives it, or TRANSFER_PENDING after duplicateWaitMs. */
  async awaitAnswer(memberId: number, key: string, waitMs = this.duplicateWaitMs): Promise<MoneyAnswer> {
    return (await this.keys.waitForAnswer(this.db, memberId, key, waitMs)) ?? PENDING_ANSWER;
  }

  /** Keeps a refusal as the key's answer when no step ran (the transfer saga refuses in SQL). */
  async refuse(request: KeyedRequest, answer: MoneyAnswer): Promise<MoneyAnswer> {
    return (await this.keys.recordRefusal(this.db, request, answer, this.duplicateWaitMs)) ?? PENDING_ANSWER;
  }

  /**
   * An event after a commit that was not a step's: the transfer saga's SQL functions commit
   * as they return, and a held bonus's turnover moves without money.
   */
  announceCommitted(memberId: number, event: string, payload: unknown = {}): void {
    this.publish(memberId, event, payload);
    if (event === WALLET_CHANGED) this.moneyMoved();
  }

  private stepIn(trx: Transaction<DB>, after: AfterCommit): MoneyStep {
    const { announcements } = after;
    const announce = (memberId: number, event: string, payload: unknown = {}) => {
      // One wallet.changed per member and step is enough: the page reads the wallet again.
      if (announcements.some((a) => a.memberId === memberId && a.event === event && a.payload === payload)) return;
      announcements.push({ memberId, event, payload });
    };
    const empty = {};
    return {
      trx,
      post: async (entry) => {
        const posted = await postEntry(trx, this.accounts, entry);
        after.entries += 1;
        if (entry.memberId !== null) announce(entry.memberId, WALLET_CHANGED, empty);
        return posted;
      },
      announce: (memberId, event, payload) => announce(memberId, event, payload ?? empty),
      tell: (memberId, notice) => {
        after.told.push({ memberId, notice });
      },
      register: (request, answer) => this.keys.register(trx, request, answer),
      complete: (memberId, key, answer) => this.keys.complete(trx, memberId, key, answer),
    };
  }
}
