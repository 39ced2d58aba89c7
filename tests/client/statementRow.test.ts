import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import la from '../../locales/la.json';
import { activityText, linkedDescription, statementStatus, statusText, withdrawReasonText, type StatementRow } from '../../src/client/statement/statementRow';

const ts: Record<string, TFunction> = {};
beforeAll(async () => {
  for (const [lng, translation] of Object.entries({ en, th, la })) {
    const instance = i18next.createInstance();
    await instance.init({ lng, resources: { [lng]: { translation } }, interpolation: { escapeValue: false } });
    ts[lng] = instance.t;
  }
});

const row = (over: Partial<StatementRow>): StatementRow => ({
  _id: '1', statementType: 'transfer', status: 'SUCCESS', from: 'wallet', to: 'PG', amount: 300, createdAt: '2026-11-21T08:00:00.000Z', ...over,
});
const names = {
  slots: [{ code: 'PG', name: 'PG Soft' }, { code: 'JOKER', name: 'Joker Gaming' }],
  bankName: (code: string) => (code === 'SCB' ? 'Siam Commercial Bank' : undefined),
};

describe('statementStatus', () => {
  it('is success, failed, or in progress for anything else', () => {
    expect(statementStatus('SUCCESS')).toBe('success');
    expect(statementStatus('FAILED')).toBe('failed');
    expect(statementStatus('PENDING')).toBe('pending');
    expect(statementStatus('QUEUED')).toBe('pending');
    expect(statusText(ts.en, 'WHATEVER')).toBe('In progress');
    expect(statusText(ts.th, 'SUCCESS')).toBe('สำเร็จ');
    expect(statusText(ts.la, 'FAILED')).toBe(la.statement.status.FAILED);
    expect(la.statement.status.FAILED.replaceAll('\u2060', '')).toBe('ບໍ່ສຳເລັດ');
  });
});

describe('activityText', () => {
  it('names games by their provider and the wallet by its label', () => {
    expect(activityText(ts.en, row({}), names)).toBe('Transfer from wallet to PG Soft');
    expect(activityText(ts.en, row({ from: 'JOKER', to: 'wallet' }), names)).toBe('Transfer from Joker Gaming to wallet');
    expect(activityText(ts.th, row({}), names)).toBe('โยกเงินจาก กระเป๋าเงิน ไปยัง PG Soft');
    expect(activityText(ts.la, row({}), names)).toBe('ໂອນຈາກ ກະເປົາເງິນ ໄປຫາ PG Soft');
  });

  it('shows an unknown game code as it came', () => {
    expect(activityText(ts.en, row({ to: 'NEWGAME' }), names)).toBe('Transfer from wallet to NEWGAME');
  });

  it('names the bank of a withdrawal, deposits and bonuses to the wallet', () => {
    expect(activityText(ts.en, row({ statementType: 'withdraw', from: 'wallet', to: 'SCB' }), names)).toBe('Withdraw to Siam Commercial Bank');
    expect(activityText(ts.en, row({ statementType: 'withdraw', from: 'wallet', to: 'KTB' }), names)).toBe('Withdraw to KTB');
    expect(activityText(ts.en, row({ statementType: 'deposit', from: null, to: 'wallet' }), names)).toBe('Deposit to wallet');
    expect(activityText(ts.en, row({ statementType: 'deposit', from: 'slip', to: 'wallet' }), names)).toBe('Deposit by transfer slip to wallet');
    expect(activityText(ts.en, row({ statementType: 'deposit', from: 'KBANK', to: 'wallet' }), names)).toBe('Deposit by QR code to wallet');
    expect(activityText(ts.en, row({ statementType: 'deposit', from: 'bank', to: 'wallet' }), names)).toBe('Deposit by bank transfer to wallet');
    expect(activityText(ts.th, row({ statementType: 'deposit', from: 'truewallet', to: 'wallet' }), names)).toBe('ฝากเงินผ่านทรูมันนี่วอลเล็ทเข้ากระเป๋าเงิน');
    expect(activityText(ts.th, row({ statementType: 'bonus', from: null, to: 'wallet' }), names)).toBe('รับโบนัสเข้ากระเป๋าเงิน');
    expect(activityText(ts.en, row({ statementType: 'finish_bonus', from: null, to: null }), names)).toBe('Bonus ended');
  });

  it('reads the description of the linked bonus, promotion or prize, as the server words it in the language asked', () => {
    expect(linkedDescription(ts.en, row({ statementType: 'bonus', bonus: { description: 'Welcome 100%' } }))).toBe('Welcome 100%');
    expect(linkedDescription(ts.th, row({ statementType: 'bonus', promotion: { description: 'SONGKRAN · โบนัส' } }))).toBe('SONGKRAN · โบนัส');
    expect(linkedDescription(ts.la, row({ statementType: 'bonus', luckydraw: { description: 'ລາງວັນ' } }))).toBe('ລາງວັນ');
    expect(linkedDescription(ts.en, row({}))).toBeUndefined();
  });

  it('words an invite bonus and a refund in the member’s language, never the raw marker (issue 28)', () => {
    const invite = row({ statementType: 'bonus', invite: { description: 'INVITE' } });
    const refund = row({ statementType: 'finish_bonus', refund: { description: 'REFUND' } });
    expect(linkedDescription(ts.en, invite)).toBe(en.statement.linked.invite);
    expect(linkedDescription(ts.th, invite)).toBe(th.statement.linked.invite);
    expect(linkedDescription(ts.la, invite)).toBe(la.statement.linked.invite);
    expect(linkedDescription(ts.la, refund)).toBe(la.statement.linked.refund);
    for (const t of Object.values(ts)) {
      expect(linkedDescription(t, invite)).not.toMatch(/INVITE/);
      expect(linkedDescription(t, refund)).not.toMatch(/REFUND/);
    }
    expect(th.statement.linked.invite).toMatch(/[\u0E00-\u0E7F]/);
    expect(la.statement.linked.refund).toMatch(/[\u0E80-\u0EFF]/);
  });
});

describe('withdrawReasonText', () => {
  it("words the standard reason in the member's language and keeps the operator's words as typed", () => {
    const words = '<b>Play</b> first & retry';
    expect(withdrawReasonText(ts.en, { code: 'TURNOVER_NOT_MET', text: words })).toBe(`Reason: The bonus turnover is not complete yet. ${words}`);
    expect(withdrawReasonText(ts.th, { code: 'BANK_ACCOUNT_INVALID', text: null })).toBe(`เหตุผล: ${th.statement.withdrawReason.BANK_ACCOUNT_INVALID}`);
    expect(withdrawReasonText(ts.la, { code: 'OTHER', text: 'ບັນຊີປິດ' })).toBe(la.statement.withdrawReason.label.replace('{{reason}}', 'ບັນຊີປິດ'));
  });
});
