/**
 * True Wallet gift vouchers ("angpao" links). A voucher holds an amount shared by a number of
 * tickets (people); redeeming takes one ticket into the operator's wallet. Amounts are minor units.
 */
export interface TrueWalletVouchers {
  /** What the voucher holds, without redeeming it. */
  inspect(voucher: string): Promise<VoucherInfo>;
  /** Takes one ticket of the voucher into the operator's wallet. */
  redeem(voucher: string): Promise<Redemption>;
}

export type VoucherInfo =
  | { kind: 'found'; amount: bigint; tickets: number; redeemable: boolean }
  | { kind: 'not_found' };

export type Redemption =
  | { kind: 'redeemed'; amount: bigint }
  | { kind: 'refused'; reason: 'not_found' | 'used' | 'expired' | 'own_voucher' | 'unknown' };
