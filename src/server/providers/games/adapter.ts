import type { Locale } from '../../../contract';

/**
 * What we need from a game provider that keeps its own wallet per player (a "transfer
 * wallet" provider). Amounts are minor units. Every money call carries our reference, and
 * the provider must apply a reference at most once; `transferStatus` tells whether it did.
 */
export interface GameProvider {
  readonly code: string;
  /**
   * True when `launch` needs no call to the provider (it signs the link itself), so the
   * lobby's game accounts can carry their launch links on every wallet load.
   */
  readonly launchesLocally?: boolean;
  createPlayer(memberId: number): Promise<GameLogin>;
  balance(username: string): Promise<bigint>;
  deposit(username: string, amount: bigint, reference: string): Promise<void>;
  withdraw(username: string, amount: bigint, reference: string): Promise<void>;
  /**
   * Whether the provider applied our reference. The player's username rides along: some
   * providers (OMG) look a transfer up only under the player's own token.
   */
  transferStatus(reference: string, username: string): Promise<'applied' | 'not_found'>;
  /**
   * Makes sure a reference we gave up on can never apply: answers 'applied' if it already
   * did, otherwise records it as void (a late call with it then changes nothing) and answers
   * 'voided'. Only after 'voided' may we put the money back.
   */
  voidTransfer(reference: string, username: string): Promise<'applied' | 'voided'>;
  resetPassword(username: string): Promise<string>;
  launch(login: LaunchRequest): Promise<LaunchLinks>;
  /**
   * The player's turnover (the sum of their bets) after a point of the provider's bet history,
   * as transfer-mode providers report it: from a time (the first read) or from the cursor a
   * previous read answered. Answers the new cursor; the same cursor never counts a bet twice.
   */
  turnover(username: string, from: TurnoverFrom): Promise<TurnoverReport>;
}

export type TurnoverFrom = { cursor: string } | { since: Date };

export interface TurnoverReport {
  /** Minor units bet after `from`. */
  turnover: bigint;
  /** Where the next read starts. */
  cursor: string;
}

export interface GameLogin {
  username: string;
  password: string;
}

/** A launch: the login, and the player's language for providers whose game takes one in its link. */
export interface LaunchRequest extends GameLogin {
  language?: Locale;
}

/**
 * A launch: the web link to open, or, for a provider that logs players in by form post, the
 * form to post instead (then `web` is null: the address alone opens nothing). Forms are checked
 * (launch-form.ts) before they leave the adapter.
 */
export interface LaunchLinks {
  web: string | null;
  android: string | null;
  ios: string | null;
  form?: LaunchForm | null;
}

/** Hidden fields to post to `action` (an allowed https address, or the sandbox demo game's path). */
export interface LaunchForm {
  action: string;
  method: 'POST';
  fields: Record<string, string>;
}

/**
 * The reason an adapter gives when the player holds less at the provider than a withdrawal asks
 * (each adapter maps its provider's own code to it): the member's refusal, not a failure.
 */
export const INSUFFICIENT_BALANCE = 'insufficient balance';

/** The provider answered and did not apply the call: safe to reverse at once. */
export class ProviderRefusal extends Error {
  constructor(readonly reason: string) {
    super(`provider refused: ${reason}`);
    this.name = 'ProviderRefusal';
  }

  get forWantOfBalance() { return this.reason === INSUFFICIENT_BALANCE; }
}

/** The provider answered something we must not use (a launch form to an address not allowed, no link at all). */
export class ProviderFault extends Error {
  constructor(readonly reason: string) {
    super(`provider answer refused: ${reason}`);
    this.name = 'ProviderFault';
  }
}

/** No answer in time: the call may or may not have been applied. Only asking can tell. */
export class ProviderTimeout extends Error {
  constructor() {
    super('provider did not answer in time');
    this.name = 'ProviderTimeout';
  }
}

export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderTimeout()), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
