/**
 * The wheel seeded by 0015_spin_wheel: a sandbox wheel of 12 slices, active, that gives a
 * member's first deposit (of at least 1 baht or 1,000 kip) one coin. An operator replaces it
 * with their own. Like the migration, this file is never edited once applied.
 *
 * Amounts are minor units per currency (BAHT in satang, LAK in 1/100 kip); a slice's texts may
 * say `{amount}` and `{currency}`, which the server fills for the member. Weights are relative: the chance of a slice is its weight over the sum of the wheel's weights.
 */

type Text = { th: string; la: string; en: string };
type Amounts = Record<'BAHT' | 'LAK', number>;

interface SeedSlice {
  code: string;
  label: Text;
  bgColor: string;
  textColor: string;
  htmlDescription: Text;
  weight: number;
  prizeKind: 'credit' | 'nothing';
  prizeName: Text;
  prizeAmount: Partial<Amounts>;
}

// A credit slice's texts name its prize through {amount} and {currency}, filled by the server
// with the amount in the member's currency.
const credit = (code: string, baht: number, kip: number, weight: number, bgColor: string, textColor = '#ffffff'): SeedSlice => ({
  code,
  label: { th: '{amount} {currency}', la: '{amount} {currency}', en: '{amount} {currency}' },
  bgColor,
  textColor,
  htmlDescription: {
    th: '<p>รับเครดิต <b>{amount} {currency}</b> เข้ากระเป๋าเงินเมื่อกดรับคูปอง</p>',
    la: '<p>ຮັບເຄຣດິດ <b>{amount} {currency}</b> ເຂົ້າກະເປົາເງິນເມື່ອກົດຮັບຄູປອງ</p>',
    en: '<p><b>{amount} {currency}</b> credit, paid into your wallet when you claim the coupon</p>',
  },
  weight,
  prizeKind: 'credit',
  prizeName: { th: 'เครดิตเข้ากระเป๋า', la: 'ເຄຣດິດເຂົ້າກະເປົາ', en: 'Wallet credit' },
  prizeAmount: { BAHT: baht * 100, LAK: kip * 100 },
});

const nothing = (code: string, bgColor: string): SeedSlice => ({
  code,
  label: { th: 'ลองใหม่', la: 'ລອງໃໝ່', en: 'Try again' },
  bgColor,
  textColor: '#ffffff',
  htmlDescription: {
    th: '<p>ครั้งนี้ยังไม่ได้รางวัล ฝากครั้งต่อไปรับเหรียญใหม่</p>',
    la: '<p>ເທື່ອນີ້ຍັງບໍ່ໄດ້ລາງວັນ ຝາກເທື່ອຕໍ່ໄປຮັບຫຼຽນໃໝ່</p>',
    en: '<p>No prize this time. Your next deposit may bring a new coin.</p>',
  },
  weight: 14,
  prizeKind: 'nothing',
  prizeName: { th: 'ไม่มีรางวัล', la: 'ບໍ່ມີລາງວັນ', en: 'No prize' },
  prizeAmount: {},
});

export const SANDBOX_WHEEL = {
  name: { th: 'วงล้อนำโชค', la: 'ວົງລໍ້ນຳໂຊກ', en: 'Lucky wheel' },
  coinRule: { minDeposit: { BAHT: 100, LAK: 100_000 }, coins: 1, firstDepositOnly: true },
  couponValidDays: 7,
  slices: [
    credit('C5', 5, 3_000, 16, '#7c3aed'),
    nothing('X1', '#334155'),
    credit('C10', 10, 6_000, 14, '#0ea5e9'),
    credit('C20', 20, 12_000, 10, '#16a34a'),
    nothing('X2', '#475569'),
    credit('C50', 50, 30_000, 6, '#f59e0b', '#1f2937'),
    credit('C8', 8, 5_000, 15, '#db2777'),
    nothing('X3', '#334155'),
    credit('C100', 100, 60_000, 3, '#dc2626'),
    credit('C15', 15, 9_000, 12, '#0d9488'),
    nothing('X4', '#475569'),
    credit('C500', 500, 300_000, 1, '#facc15', '#1f2937'),
  ] satisfies SeedSlice[],
};
