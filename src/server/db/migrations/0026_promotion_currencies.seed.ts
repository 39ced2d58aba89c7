/**
 * The texts 0026_promotion_currencies gives the seeded promotions: each amount is a placeholder
 * filled in the member's currency when answered (`{cap}`, `{fixed}`, `{minDeposit}` of a bonus,
 * `{capPerFriend}` of the invite rule, `{currency}`: the currency's word). Like the migration,
 * this file is never edited once applied. A text the operator changed since 0012 is kept.
 */

interface Localized {
  th: string;
  la: string;
  en: string;
}

interface SeedTexts {
  description: Localized;
  banners: { image: string; html: Localized }[];
}

/** Kip per baht used to give every baht figure its kip one: about 600 kip to the baht. */
export const KIP_PER_BAHT = 600;

export const BONUS_TEXTS: Record<string, SeedTexts> = {
  WELCOME100: {
    description: {
      th: 'โบนัสต้อนรับ 100% สูงสุด {cap} {currency} ทำเทิร์น 3 เท่า (สล็อต)',
      la: 'ໂບນັດຕ້ອນຮັບ 100% ສູງສຸດ {cap} {currency} ເທີນ 3 ເທົ່າ (ສະລັອດ)',
      en: 'Welcome bonus 100% up to {cap} {currency}, turnover 3x (slots)',
    },
    banners: [{
      image: '/assets/promotions/welcome.svg',
      html: {
        th: '<h3>ฝากแรกรับเพิ่ม 100%</h3><p>ฝากขั้นต่ำ {minDeposit} {currency} รับโบนัสสูงสุด {cap} {currency} ทำเทิร์น 3 เท่าของยอดฝากและโบนัส เฉพาะเกมสล็อต</p>',
        la: '<h3>ຝາກຄັ້ງທຳອິດຮັບເພີ່ມ 100%</h3><p>ຝາກຂັ້ນຕ່ຳ {minDeposit} {currency} ຮັບໂບນັດສູງສຸດ {cap} {currency} ເທີນ 3 ເທົ່າຂອງຍອດຝາກແລະໂບນັດ ສະເພາະເກມສະລັອດ</p>',
        en: '<h3>100% on your first deposit</h3><p>Deposit at least {minDeposit} {currency} and get up to {cap} {currency}. Turnover 3x deposit plus bonus, slot games only.</p>',
      },
    }],
  },
  DAILY10: {
    description: {
      th: 'โบนัสรายวัน 10% สูงสุด {cap} {currency} วันละ 2 ครั้ง',
      la: 'ໂບນັດປະຈຳວັນ 10% ສູງສຸດ {cap} {currency} ວັນລະ 2 ຄັ້ງ',
      en: 'Daily bonus 10% up to {cap} {currency}, twice a day',
    },
    banners: [{
      image: '/assets/promotions/daily.svg',
      html: {
        th: '<h3>ฝากทุกวัน รับ 10%</h3><p>ฝากขั้นต่ำ {minDeposit} {currency} รับได้วันละ 2 ครั้ง ทำเทิร์น 2 เท่า ทุกเกม</p>',
        la: '<h3>ຝາກທຸກວັນ ຮັບ 10%</h3><p>ຝາກຂັ້ນຕ່ຳ {minDeposit} {currency} ຮັບໄດ້ວັນລະ 2 ຄັ້ງ ເທີນ 2 ເທົ່າ ທຸກເກມ</p>',
        en: '<h3>10% on every deposit</h3><p>Deposit at least {minDeposit} {currency}, twice a day, turnover 2x, every game.</p>',
      },
    }],
  },
  WEEKLY50: {
    description: {
      th: 'โบนัสรายสัปดาห์ {fixed} {currency} เมื่อฝาก {minDeposit} {currency} ขึ้นไป',
      la: 'ໂບນັດປະຈຳອາທິດ {fixed} {currency} ເມື່ອຝາກ {minDeposit} {currency} ຂຶ້ນໄປ',
      en: 'Weekly bonus of {fixed} {currency} on a deposit of {minDeposit} {currency} or more',
    },
    banners: [{
      image: '/assets/promotions/weekly.svg',
      html: {
        th: '<h3>รับฟรี {fixed} {currency} ทุกสัปดาห์</h3><p>ฝาก {minDeposit} {currency} ขึ้นไป รับได้สัปดาห์ละครั้ง จำนวนจำกัด</p>',
        la: '<h3>ຮັບຟຣີ {fixed} {currency} ທຸກອາທິດ</h3><p>ຝາກ {minDeposit} {currency} ຂຶ້ນໄປ ຮັບໄດ້ອາທິດລະຄັ້ງ ຈຳນວນຈຳກັດ</p>',
        en: '<h3>Free {fixed} {currency} every week</h3><p>Deposit {minDeposit} {currency} or more, once a week, while they last.</p>',
      },
    }],
  },
  SONGKRAN: {
    description: {
      th: '<p>โปรโมชั่นสงกรานต์ รับฟรี <b>{fixed} {currency}</b> ทำเทิร์น 5 เท่า เฉพาะสล็อต</p>',
      la: '<p>ໂປຣໂມຊັນປີໃໝ່ ຮັບຟຣີ <b>{fixed} {currency}</b> ເທີນ 5 ເທົ່າ ສະເພາະສະລັອດ</p>',
      en: '<p>Songkran promotion: a free <b>{fixed} {currency}</b>, turnover 5x, slots only.</p>',
    },
    banners: [],
  },
};

export const INVITE_BANNERS = [{
  image: '/assets/promotions/invite.svg',
  html: {
    th: '<h3>ชวนเพื่อน รับ 10%</h3><p>รับ 10% ของยอดฝากแรกของเพื่อน สูงสุด {capPerFriend} {currency} ต่อคน</p>',
    la: '<h3>ຊວນໝູ່ ຮັບ 10%</h3><p>ຮັບ 10% ຂອງຍອດຝາກທຳອິດຂອງໝູ່ ສູງສຸດ {capPerFriend} {currency} ຕໍ່ຄົນ</p>',
    en: '<h3>Invite friends, earn 10%</h3><p>10% of each friend\'s first deposit, up to {capPerFriend} {currency} per friend.</p>',
  },
}];

/**
 * The bonus rules as the engine applies them (promotions README), one text for the bonus page,
 * the bonus dialog's notice and the withdraw dialog: the seeded ones said a bonus must reach its
 * turnover before any withdrawal, and that a bonus not played through pays back `{percentFail}`%
 * of the balance, neither of which is what happens (issue 27, finding 3).
 */
export const CONDITIONS = {
  th: [
    '<p>เมื่อทำยอดเทิร์นโอเวอร์ครบตามเงื่อนไขของโบนัส โบนัสจะจบ และยอดเงินทั้งหมดเป็นของคุณ</p>',
    '<p>ระหว่างถือโบนัส การถอนต้องถอนยอดเงินทั้งหมด และยอดโบนัสจะถูกหักคืน เงินที่อยู่ในเกมต้องโอนกลับเข้ากระเป๋าก่อน</p>',
    '<p>ต้องจบโบนัสก่อนฝากครั้งถัดไป</p>',
  ],
  la: [
    '<p>ເມື່ອເຮັດຍອດເທີນໂອເວີຄົບຕາມເງື່ອນໄຂຂອງໂບນັດ ໂບນັດຈະຈົບ ແລະ ຍອດເງິນທັງໝົດເປັນຂອງທ່ານ</p>',
    '<p>ໃນລະຫວ່າງຖືໂບນັດ ການຖອນຕ້ອງຖອນຍອດເງິນທັງໝົດ ແລະ ຍອດໂບນັດຈະຖືກຫັກຄືນ ເງິນທີ່ຢູ່ໃນເກມຕ້ອງໂອນກັບເຂົ້າກະເປົາກ່ອນ</p>',
    '<p>ຕ້ອງຈົບໂບນັດກ່ອນຝາກຄັ້ງຕໍ່ໄປ</p>',
  ],
  en: [
    '<p>Once a bonus reaches its turnover requirement it is complete, and the whole balance is yours.</p>',
    '<p>While you hold a bonus, a withdrawal takes the whole balance and the bonus amount goes back. Money in a game must come back to the wallet first.</p>',
    '<p>A bonus must be ended before the next deposit.</p>',
  ],
};

/** The bonus dialog's notice; `{percentFail}` is the bonus's own lower bound (`/api/lookup/notice?code=`). */
export const NOTICE_TEXT = {
  th: 'คุณสามารถยกเลิกโบนัสได้เมื่อยอดเงินทั้งหมดต่ำกว่า {percentFail}% ของยอดฝากรวมโบนัส ระหว่างถือโบนัส การถอนต้องถอนยอดเงินทั้งหมด และยอดโบนัสจะถูกหักคืน',
  la: 'ທ່ານສາມາດຍົກເລີກໂບນັດໄດ້ເມື່ອຍອດເງິນທັງໝົດຕ່ຳກວ່າ {percentFail}% ຂອງຍອດຝາກລວມໂບນັດ ໃນລະຫວ່າງຖືໂບນັດ ການຖອນຕ້ອງຖອນຍອດເງິນທັງໝົດ ແລະ ຍອດໂບນັດຈະຖືກຫັກຄືນ',
  en: 'You may end the bonus once your whole balance is below {percentFail}% of the deposit plus the bonus. While you hold a bonus, a withdrawal takes the whole balance and the bonus amount goes back.',
};
