/** SPEC section 2 (profile): a 10-character account number reads 3-3-rest ("123-456-7890"). */
export const formatBankAccountNo = (accountNo: string): string =>
  accountNo.length === 10 ? `${accountNo.slice(0, 3)}-${accountNo.slice(3, 6)}-${accountNo.slice(6)}` : accountNo;
