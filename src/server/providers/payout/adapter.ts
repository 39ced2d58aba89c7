/** Pays a withdrawal to a member's bank account. Our reference is applied at most once. */
export interface PayoutProvider {
  /**
   * 'paid': the bank paid it. 'accepted': the payout goes on outside this call (a manual payout
   * waits for an operator to pay it from the bank and mark it paid); the withdrawal stays paying.
   */
  pay(order: PayoutOrder): Promise<'paid' | 'accepted'>;
  /** 'pending': accepted and not paid yet; the reconciler leaves it alone. */
  status(reference: string): Promise<'paid' | 'not_found' | 'pending'>;
}

export interface PayoutOrder {
  reference: string;
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
  /** Minor units. */
  amount: bigint;
}
