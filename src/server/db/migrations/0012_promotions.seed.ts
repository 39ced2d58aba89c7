/**
 * Sandbox promotions seeded by 0012_promotions: a few realistic bonuses and promotion codes,
 * the invite and refund rules and their banners, to be replaced by the operator's own. Like the
 * migration, this file is never edited once applied. Texts are per language ({ th, la, en });
 * banner html is sanitised by the server when it is answered, never trusted as stored.
 */

export interface Localized {
  th: string;
  la: string;
  en: string;
}

export interface SeedBanner {
  image: string;
  html: Localized;
}

const banner = (image: string, html: Localized): SeedBanner => ({ image, html });

export interface SeedBonus {
  code: string;
  kind: 'bonus' | 'promotion';
  type: 'limit' | 'day' | 'week';
  maxReceived: number;
  quota: number | null;
  amountPercent: number | null;
  amountCap: number | null;
  amountFixed: number | null;
  minDeposit: number;
  turnoverMultiplier: number;
  percentFail: number;
  categories: string[];
  description: Localized;
  banners: SeedBanner[];
}

/** Amounts in minor units (satang). */
export const SEED_BONUSES: SeedBonus[] = [
  {
    code: 'WELCOME100', kind: 'bonus', type: 'limit', maxReceived: 1, quota: null,
    amountPercent: 100, amountCap: 50_000, amountFixed: null, minDeposit: 10_000,
    turnoverMultiplier: 3, percentFail: 10, categories: ['slot'],
    description: {
      th: 'โบนัสต้อนรับ 100% สูงสุด 500 บาท ทำเทิร์น 3 เท่า (สล็อต)',
      la: 'ໂບນັດຕ້ອນຮັບ 100% ສູງສຸດ 500 ບາດ ເທີນ 3 ເທົ່າ (ສະລັອດ)',
      en: 'Welcome bonus 100% up to 500 baht, turnover 3x (slots)',
    },
    banners: [
      banner('/assets/promotions/welcome.svg', {
        th: '<h3>ฝากแรกรับเพิ่ม 100%</h3><p>ฝากขั้นต่ำ 100 บาท รับโบนัสสูงสุด 500 บาท ทำเทิร์น 3 เท่าของยอดฝากและโบนัส เฉพาะเกมสล็อต</p>',
        la: '<h3>ຝາກຄັ້ງທຳອິດຮັບເພີ່ມ 100%</h3><p>ຝາກຂັ້ນຕ່ຳ 100 ບາດ ຮັບໂບນັດສູງສຸດ 500 ບາດ ເທີນ 3 ເທົ່າຂອງຍອດຝາກແລະໂບນັດ ສະເພາະເກມສະລັອດ</p>',
        en: '<h3>100% on your first deposit</h3><p>Deposit at least 100 baht and get up to 500 baht. Turnover 3x deposit plus bonus, slot games only.</p>',
      }),
    ],
  },
  {
    code: 'DAILY10', kind: 'bonus', type: 'day', maxReceived: 2, quota: null,
    amountPercent: 10, amountCap: 20_000, amountFixed: null, minDeposit: 5_000,
    turnoverMultiplier: 2, percentFail: 10, categories: ['slot', 'sport', 'lotto'],
    description: {
      th: 'โบนัสรายวัน 10% สูงสุด 200 บาท วันละ 2 ครั้ง',
      la: 'ໂບນັດປະຈຳວັນ 10% ສູງສຸດ 200 ບາດ ວັນລະ 2 ຄັ້ງ',
      en: 'Daily bonus 10% up to 200 baht, twice a day',
    },
    banners: [
      banner('/assets/promotions/daily.svg', {
        th: '<h3>ฝากทุกวัน รับ 10%</h3><p>รับได้วันละ 2 ครั้ง ทำเทิร์น 2 เท่า ทุกเกม</p>',
        la: '<h3>ຝາກທຸກວັນ ຮັບ 10%</h3><p>ຮັບໄດ້ວັນລະ 2 ຄັ້ງ ເທີນ 2 ເທົ່າ ທຸກເກມ</p>',
        en: '<h3>10% on every deposit</h3><p>Twice a day, turnover 2x, every game.</p>',
      }),
    ],
  },
  {
    code: 'WEEKLY50', kind: 'bonus', type: 'week', maxReceived: 1, quota: 1000,
    amountPercent: null, amountCap: null, amountFixed: 5_000, minDeposit: 30_000,
    turnoverMultiplier: 5, percentFail: 20, categories: ['slot', 'sport'],
    description: {
      th: 'โบนัสรายสัปดาห์ 50 บาท เมื่อฝาก 300 บาทขึ้นไป',
      la: 'ໂບນັດປະຈຳອາທິດ 50 ບາດ ເມື່ອຝາກ 300 ບາດຂຶ້ນໄປ',
      en: 'Weekly bonus of 50 baht on a deposit of 300 baht or more',
    },
    banners: [
      banner('/assets/promotions/weekly.svg', {
        th: '<h3>รับฟรี 50 บาททุกสัปดาห์</h3><p>ฝาก 300 บาทขึ้นไป รับได้สัปดาห์ละครั้ง จำนวนจำกัด</p>',
        la: '<h3>ຮັບຟຣີ 50 ບາດທຸກອາທິດ</h3><p>ຝາກ 300 ບາດຂຶ້ນໄປ ຮັບໄດ້ອາທິດລະຄັ້ງ ຈຳນວນຈຳກັດ</p>',
        en: '<h3>Free 50 baht every week</h3><p>Deposit 300 baht or more, once a week, while they last.</p>',
      }),
    ],
  },
  {
    code: 'SONGKRAN', kind: 'promotion', type: 'limit', maxReceived: 1, quota: 500,
    amountPercent: null, amountCap: null, amountFixed: 10_000, minDeposit: 0,
    turnoverMultiplier: 5, percentFail: 20, categories: ['slot'],
    description: {
      th: '<p>โปรโมชั่นสงกรานต์ รับฟรี <b>100 บาท</b> ทำเทิร์น 5 เท่า เฉพาะสล็อต</p>',
      la: '<p>ໂປຣໂມຊັນປີໃໝ່ ຮັບຟຣີ <b>100 ບາດ</b> ເທີນ 5 ເທົ່າ ສະເພາະສະລັອດ</p>',
      en: '<p>Songkran promotion: a free <b>100 baht</b>, turnover 5x, slots only.</p>',
    },
    banners: [],
  },
];

export const INVITE_RULE = {
  /** The referrer earns this percent of each of the friend's first deposits... */
  percent: 10,
  /** ...for this many deposits... */
  firstDeposits: 1,
  /** ...at most this much per friend (minor units). */
  capPerFriend: 50_000,
  /** Turnover (percent of the amount) the claimed bonus must reach; 0 means none: straight into the wallet. */
  success: 0,
  /** Lower bound (percent) below which a held invite bonus may be ended. */
  fail: 0,
};

export const REFUND_RULE = {
  /** Percent of the period's net loss returned. */
  percent: 5,
  /** 'day' or 'week' (weeks start on Monday), in the operator's time zone. */
  period: 'day',
  /** A refund below this (minor units) is not made. */
  minimum: 100,
  /** Turnover (percent of the refund) when received as a bonus, and its lower bound. */
  success: 100,
  fail: 10,
  /** The operator's UTC offset in minutes (Thailand and Laos: +7). */
  utcOffsetMinutes: 420,
  info: {
    th: '<p>รับยอดเสีย 5% คืนทุกวัน รับเป็นโบนัส (ทำเทิร์น 1 เท่า) หรือเข้ากระเป๋าโดยตรง</p>',
    la: '<p>ຮັບຍອດເສຍ 5% ຄືນທຸກວັນ ຮັບເປັນໂບນັດ (ເທີນ 1 ເທົ່າ) ຫຼື ເຂົ້າກະເປົາໂດຍກົງ</p>',
    en: '<p>Get 5% of your daily net loss back, as a bonus (turnover 1x) or straight into your wallet.</p>',
  },
};

export const INVITE_BANNERS: SeedBanner[] = [
  banner('/assets/promotions/invite.svg', {
    th: '<h3>ชวนเพื่อน รับ 10%</h3><p>รับ 10% ของยอดฝากแรกของเพื่อน สูงสุด 500 บาทต่อคน</p>',
    la: '<h3>ຊວນໝູ່ ຮັບ 10%</h3><p>ຮັບ 10% ຂອງຍອດຝາກທຳອິດຂອງໝູ່ ສູງສຸດ 500 ບາດຕໍ່ຄົນ</p>',
    en: '<h3>Invite friends, earn 10%</h3><p>10% of each friend\'s first deposit, up to 500 baht per friend.</p>',
  }),
];

export const REFUND_BANNERS: SeedBanner[] = [
  banner('/assets/promotions/refund.svg', {
    th: '<h3>คืนยอดเสีย 5% ทุกวัน</h3><p>คำนวณทุกเที่ยงคืน รับได้ที่หน้าแรก</p>',
    la: '<h3>ຄືນຍອດເສຍ 5% ທຸກວັນ</h3><p>ຄິດໄລ່ທຸກທ່ຽງຄືນ ຮັບໄດ້ທີ່ໜ້າທຳອິດ</p>',
    en: '<h3>5% cashback every day</h3><p>Worked out every midnight, collect it on your home page.</p>',
  }),
];

export const PROMOTION_SETTINGS = {
  'invite.rule': INVITE_RULE,
  'invite.banners': INVITE_BANNERS,
  'refund.rule': REFUND_RULE,
  'refund.banners': REFUND_BANNERS,
};
