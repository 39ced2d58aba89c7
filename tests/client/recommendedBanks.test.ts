import { describe, expect, it } from 'vitest';
import { RECOMMENDED_DEPOSIT_BANKS } from '../../src/contract/constants';
import { recommendedBankNames } from '../../src/client/deposit/recommendedBanks';

describe('the deposit text’s two recommended banks (SPEC section 9)', () => {
  it('are two, named from the banks lookup in its order', () => {
    expect(RECOMMENDED_DEPOSIT_BANKS).toHaveLength(2);
    const banks = [
      { code: 'KBANK', name: 'ธนาคารกสิกรไทย' },
      { code: 'KTB', name: 'ธนาคารกรุงไทย' },
      { code: 'SCB', name: 'ธนาคารไทยพาณิชย์' },
    ];
    expect(recommendedBankNames(banks)).toEqual(['ธนาคารไทยพาณิชย์', 'ธนาคารกสิกรไทย']);
  });

  it('keep their codes when the lookup does not name them', () => {
    expect(recommendedBankNames([])).toEqual(['SCB', 'KBANK']);
    expect(recommendedBankNames([{ code: 'SCB', name: '' }])).toEqual(['SCB', 'KBANK']);
  });
});
