import type { HeldBonus } from '../../../machines/bonusMachine';
import type { DepositLookup } from './depositMethods';
import type { SlipRules } from './SlipUploadPanel';

/** The calls the deposit dialog makes when it opens (the app's are the contract's lookups). */
export interface DepositCalls<Money> {
  /** GET /api/bonus/current: the bonus the member holds, if any. */
  held: () => Promise<HeldBonus | null>;
  deposit: () => Promise<DepositLookup>;
  slip: () => Promise<SlipRules>;
  money: () => Promise<Money>;
}

/** What the deposit dialog shows: why no deposit is taken now, or the ways to deposit. */
export type DepositChoices<Money> =
  | { kind: 'bonusHeld'; held: HeldBonus }
  | { kind: 'methods'; deposit: DepositLookup; slip: SlipRules | null; money: Money | null };

/**
 * While a bonus is held every deposit is refused (the server's deposit gate: a bank transfer
 * then lands in the operators' unmatched queue), so the dialog says so, and why, and how the
 * bonus ends, instead of listing the accounts to transfer to (issue 27). The lookups are asked
 * at the same time, so a member without a bonus waits no longer; a held bonus wins whatever they
 * answer. If the bonus cannot be read the ways are listed, and the server still refuses.
 */
export async function loadDepositChoices<Money>(calls: DepositCalls<Money>): Promise<DepositChoices<Money>> {
  const held = calls.held().catch(() => null);
  const lookups = Promise.all([calls.deposit(), calls.slip().catch(() => null), calls.money().catch(() => null)]);
  // Not awaited when a bonus is held: its failure must not surface as an unhandled rejection.
  lookups.catch(() => undefined);
  const bonus = await held;
  if (bonus) return { kind: 'bonusHeld', held: bonus };
  const [deposit, slip, money] = await lookups;
  return { kind: 'methods', deposit, slip, money };
}
