import type { PayoutProvider } from './adapter';

/**
 * Live mode's first payout adapter: nothing leaves automatically. Every withdrawal that is
 * approved (or under the auto-pay limit) waits in the back office's "paying" queue until an
 * operator has paid it from the bank and marks it paid, or rejects it (the money returns).
 */
export class ManualPayout implements PayoutProvider {
  async pay() {
    return 'accepted' as const;
  }

  async status() {
    return 'pending' as const;
  }
}
