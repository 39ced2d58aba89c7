/**
 * Operator settings seeded by 0005_member_access: the lookups of SPEC section 7 with sensible
 * defaults, per country where the content differs (keys `<name>.TH` and `<name>.LA`). The back
 * office changes them later; like the migration itself, this file is never edited once applied.
 * Deposit accounts are sandbox values, to be replaced by the operator's real accounts.
 */

const logo = (code: string) => `/assets/banks/${code}.svg`;
const bank = (code: string, nameTH: string, nameEN: string) => ({ code, nameTH, nameEN, logo: logo(code) });

export const BANKS_TH = [
  bank('BBL', 'ธนาคารกรุงเทพ', 'Bangkok Bank'),
  bank('KBANK', 'ธนาคารกสิกรไทย', 'Kasikornbank'),
  bank('KTB', 'ธนาคารกรุงไทย', 'Krungthai Bank'),
  // Code TMB stays for ttb: the English-name rule of SPEC section 5 names it TMB.
  bank('TMB', 'ธนาคารทหารไทยธนชาต', 'TMBThanachart Bank (ttb)'),
  bank('SCB', 'ธนาคารไทยพาณิชย์', 'Siam Commercial Bank'),
  bank('BAY', 'ธนาคารกรุงศรีอยุธยา', 'Bank of Ayudhya (Krungsri)'),
  bank('GSB', 'ธนาคารออมสิน', 'Government Savings Bank'),
  bank('BAAC', 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร', 'Bank for Agriculture and Agricultural Cooperatives'),
  bank('GHB', 'ธนาคารอาคารสงเคราะห์', 'Government Housing Bank'),
  bank('CIMB', 'ธนาคารซีไอเอ็มบี ไทย', 'CIMB Thai Bank'),
  bank('UOB', 'ธนาคารยูโอบี', 'United Overseas Bank (Thai)'),
  bank('KKP', 'ธนาคารเกียรตินาคินภัทร', 'Kiatnakin Phatra Bank'),
  bank('LHB', 'ธนาคารแลนด์ แอนด์ เฮ้าส์', 'Land and Houses Bank'),
  bank('TISCO', 'ธนาคารทิสโก้', 'TISCO Bank'),
  bank('ICBC', 'ธนาคารไอซีบีซี (ไทย)', 'ICBC (Thai)'),
];

// The contract's nameTH is the local-script name: Lao for the banks of Laos.
export const BANKS_LA = [
  bank('BCEL', 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ', 'Banque pour le Commerce Exterieur Lao'),
  bank('LDB', 'ທະນາຄານພັດທະນາລາວ', 'Lao Development Bank'),
  bank('APB', 'ທະນາຄານສົ່ງເສີມກະສິກຳ', 'Agricultural Promotion Bank'),
  bank('JDB', 'ທະນາຄານຮ່ວມພັດທະນາ', 'Joint Development Bank'),
  bank('STB', 'ທະນາຄານ ເອັສທີ', 'ST Bank'),
  bank('BIC', 'ທະນາຄານ ບີໄອຊີ ລາວ', 'BIC Bank Lao'),
  bank('LVB', 'ທະນາຄານຮ່ວມທຸລະກິດ ລາວ-ຫວຽດ', 'Lao-Viet Bank'),
  bank('IB', 'ທະນາຄານອິນໂດຈີນ', 'Indochina Bank'),
];

export const DEPOSIT_TH = {
  isManual: false,
  banks: [
    { bankCode: 'SCB', bankType: 'SCB', mode: 'AUTO', bankAccountName: 'บจก. แซนด์บ็อกซ์ วอลเล็ต', bankAccountNo: '4060000001', currency: null },
    { bankCode: 'KBANK', bankType: 'KBANK', mode: 'AUTO', bankAccountName: 'บจก. แซนด์บ็อกซ์ วอลเล็ต', bankAccountNo: '0730000002', currency: null },
    { bankCode: 'GSB', bankType: 'GSB', mode: 'AUTO', bankAccountName: 'บจก. แซนด์บ็อกซ์ วอลเล็ต', bankAccountNo: '020000000003', currency: null },
  ],
  wallets: [{ mode: 'GIFT', walletAccountName: 'SANDBOX WALLET', walletAccountNo: '0990000004' }],
};

export const DEPOSIT_LA = {
  isManual: false,
  banks: [
    { bankCode: 'BCEL', bankType: 'BCEL', mode: 'AUTO', bankAccountName: 'SANDBOX WALLET SOLE CO LTD', bankAccountNo: '010120000000001', currency: 'LAK' },
    { bankCode: 'BCEL', bankType: 'BCEL', mode: 'AUTO', bankAccountName: 'SANDBOX WALLET SOLE CO LTD', bankAccountNo: '010120000000002', currency: 'BAHT' },
  ],
  wallets: [],
};

export const SOURCES_TH = [
  { code: 'FACEBOOK', description: 'Facebook' },
  { code: 'LINE', description: 'LINE' },
  { code: 'TIKTOK', description: 'TikTok' },
  { code: 'GOOGLE', description: 'Google' },
  { code: 'FRIEND', description: 'เพื่อนแนะนำ' },
  { code: 'OTHER', description: 'อื่น ๆ' },
];

export const SOURCES_LA = [
  { code: 'FACEBOOK', description: 'Facebook' },
  { code: 'WHATSAPP', description: 'WhatsApp' },
  { code: 'TIKTOK', description: 'TikTok' },
  { code: 'GOOGLE', description: 'Google' },
  { code: 'FRIEND', description: 'ໝູ່ແນະນຳ' },
  { code: 'OTHER', description: 'ອື່ນໆ' },
];

export const CONDITIONS_TH = [
  '<p>โบนัสทุกประเภทต้องทำยอดเทิร์นโอเวอร์ตามเงื่อนไขของโบนัสนั้นก่อนจึงจะถอนได้</p>',
  '<p>ระหว่างถือโบนัส การถอนต้องถอนยอดเงินทั้งหมด</p>',
  '<p>ต้องจบโบนัสก่อนฝากครั้งถัดไป</p>',
];
export const CONDITIONS_LA = [
  '<p>ໂບນັດທຸກປະເພດຕ້ອງເຮັດຍອດເທີນໂອເວີຕາມເງື່ອນໄຂຂອງໂບນັດນັ້ນກ່ອນຈຶ່ງຈະຖອນໄດ້</p>',
  '<p>ໃນລະຫວ່າງຖືໂບນັດ ການຖອນຕ້ອງຖອນຍອດເງິນທັງໝົດ</p>',
  '<p>ຕ້ອງຈົບໂບນັດກ່ອນຝາກຄັ້ງຕໍ່ໄປ</p>',
];

/** Raise `version` whenever the text changes: members accept each version once. */
export const AGREEMENTS_TH = {
  version: 1,
  items: [
    '<p>สมาชิกต้องมีอายุ 18 ปีบริบูรณ์ขึ้นไป</p>',
    '<p>บัญชีธนาคารที่ใช้ฝากและถอนต้องเป็นชื่อเดียวกับชื่อสมาชิก</p>',
    '<p>หนึ่งบุคคลสมัครได้หนึ่งบัญชีเท่านั้น</p>',
  ],
};
export const AGREEMENTS_LA = {
  version: 1,
  items: [
    '<p>ສະມາຊິກຕ້ອງມີອາຍຸ 18 ປີບໍລິບູນຂຶ້ນໄປ</p>',
    '<p>ບັນຊີທະນາຄານທີ່ໃຊ້ຝາກ ແລະ ຖອນຕ້ອງເປັນຊື່ດຽວກັບຊື່ສະມາຊິກ</p>',
    '<p>ໜຶ່ງຄົນສະໝັກໄດ້ໜຶ່ງບັນຊີເທົ່ານັ້ນ</p>',
  ],
};

/** `{percentFail}` in the text is replaced by `percentFail` when the lookup answers. */
export const NOTICE_TH = {
  text: 'หากทำเทิร์นโอเวอร์ไม่ครบตามเงื่อนไข จะได้รับยอดเงินคืน {percentFail}% ของยอดคงเหลือ',
  percentFail: 50,
};
export const NOTICE_LA = {
  text: 'ຖ້າເຮັດເທີນໂອເວີບໍ່ຄົບຕາມເງື່ອນໄຂ ຈະໄດ້ຮັບເງິນຄືນ {percentFail}% ຂອງຍອດຄົງເຫຼືອ',
  percentFail: 50,
};

export const CONTACT_TH = {
  contactText: 'ติดต่อทีมงานได้ตลอด 24 ชั่วโมงทาง LINE',
  lineLink: 'https://line.me/R/ti/p/@sandbox-wallet',
  lineName: '@sandbox-wallet',
  lineQR: '/assets/contact/line-qr.svg',
};
export const CONTACT_LA = {
  contactText: 'ຕິດຕໍ່ທີມງານໄດ້ຕະຫຼອດ 24 ຊົ່ວໂມງທາງ LINE ຫຼື WhatsApp',
  lineLink: 'https://line.me/R/ti/p/@sandbox-wallet',
  lineName: '@sandbox-wallet',
  lineQR: '/assets/contact/line-qr.svg',
};

export const INFO = { name: 'Member Wallet', website: 'https://wallet.example' };

/** Slip uploads close daily between closedFrom and closedTo, local time (UTC+7 in both countries). */
export const SLIP = { closedFrom: '23:50', closedTo: '00:10', uploadWithinMinutes: 60, utcOffsetMinutes: 420 };

export const SETTINGS: Record<string, unknown> = {
  'banks.TH': BANKS_TH,
  'banks.LA': BANKS_LA,
  'deposit.TH': DEPOSIT_TH,
  'deposit.LA': DEPOSIT_LA,
  'sources.TH': SOURCES_TH,
  'sources.LA': SOURCES_LA,
  'conditions.TH': CONDITIONS_TH,
  'conditions.LA': CONDITIONS_LA,
  'agreements.TH': AGREEMENTS_TH,
  'agreements.LA': AGREEMENTS_LA,
  'notice.TH': NOTICE_TH,
  'notice.LA': NOTICE_LA,
  'contact.TH': CONTACT_TH,
  'contact.LA': CONTACT_LA,
  info: INFO,
  slip: SLIP,
  registerOTP: true,
  enableChatWidget: true,
  // A member may change the bank account that withdrawals go to only when the operator allows it.
  'account.memberMayChangeBank': false,
};
