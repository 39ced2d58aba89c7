/** Pays a withdrawal to a member's bank account. Our reference is applied at most once. */
export interface PayoutProvider {
  pay(order: PayoutOrder): Promise<void>;
  status(reference: string): Promise<'paid' | 'not_found'>;
}

export interface PayoutOrder {
  reference: string;
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
  /** Minor units. */
  amount: bigint;
}
