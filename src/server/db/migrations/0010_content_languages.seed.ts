/**
 * Operator texts in th, la and en, seeded by 0010_content_languages over the single-language
 * texts of 0005_member_access (see src/server/content). Like the migration, never edited once
 * applied. Bank names keep SPEC's nameTH (the build's local script) and nameEN and gain a name
 * per language.
 */
import {
  AGREEMENTS_LA, AGREEMENTS_TH, BANKS_LA, BANKS_TH, CONDITIONS_LA, CONDITIONS_TH, CONTACT_LA, CONTACT_TH,
  NOTICE_LA, NOTICE_TH, SOURCES_LA, SOURCES_TH,
} from './0005_member_access.seed';

type Names = Record<string, { th: string; la: string }>;

/** Thai banks in Lao script; their Thai and English names are 0005's. */
const THAI_BANKS_IN_LAO: Record<string, string> = {
  BBL: 'ທະນາຄານກຸງເທບ',
  KBANK: 'ທະນາຄານກະສິກອນໄທ',
  KTB: 'ທະນາຄານກຸງໄທ',
  TMB: 'ທະນາຄານທະຫານໄທທະນະຊາດ',
  SCB: 'ທະນາຄານໄທພານິດ',
  BAY: 'ທະນາຄານກຸງສີອະຍຸທະຍາ',
  GSB: 'ທະນາຄານອອມສິນ',
  BAAC: 'ທະນາຄານເພື່ອການກະສິກຳ ແລະ ສະຫະກອນການກະສິກຳ',
  GHB: 'ທະນາຄານອາຄານສົງເຄາະ',
  CIMB: 'ທະນາຄານຊີໄອເອັມບີ ໄທ',
  UOB: 'ທະນາຄານຢູໂອບີ',
  KKP: 'ທະນາຄານກຽດນາກິນພັດທະຣະ',
  LHB: 'ທະນາຄານແລນ ແອນ ເຮົ້າສ໌',
  TISCO: 'ທະນາຄານທິສໂກ້',
  ICBC: 'ທະນາຄານໄອຊີບີຊີ (ໄທ)',
};

/** Lao banks in Thai script; their Lao and English names are 0005's. */
const LAO_BANKS_IN_THAI: Record<string, string> = {
  BCEL: 'ธนาคารการค้าต่างประเทศลาว',
  LDB: 'ธนาคารพัฒนาลาว',
  APB: 'ธนาคารส่งเสริมการเกษตร',
  JDB: 'ธนาคารร่วมพัฒนา',
  STB: 'ธนาคาร เอสที',
  BIC: 'ธนาคาร บีไอซี ลาว',
  LVB: 'ธนาคารร่วมธุรกิจ ลาว-เวียด',
  IB: 'ธนาคารอินโดจีน',
};

const thaiNames: Names = Object.fromEntries(BANKS_TH.map((b) => [b.code, { th: b.nameTH, la: THAI_BANKS_IN_LAO[b.code] }]));
const laoNames: Names = Object.fromEntries(BANKS_LA.map((b) => [b.code, { th: LAO_BANKS_IN_THAI[b.code], la: b.nameTH }]));

export const BANKS_TH_LOCALIZED = BANKS_TH.map((b) => ({ ...b, name: { ...thaiNames[b.code], en: b.nameEN } }));
export const BANKS_LA_LOCALIZED = BANKS_LA.map((b) => ({ ...b, name: { ...laoNames[b.code], en: b.nameEN } }));

const CONDITIONS_EN = [
  '<p>Every bonus must reach its turnover requirement before you can withdraw.</p>',
  '<p>While you hold a bonus, a withdrawal takes the whole balance.</p>',
  '<p>A bonus must be ended before the next deposit.</p>',
];
const CONDITIONS = { th: CONDITIONS_TH, la: CONDITIONS_LA, en: CONDITIONS_EN };

const AGREEMENT_ITEMS = {
  th: AGREEMENTS_TH.items,
  la: AGREEMENTS_LA.items,
  en: [
    '<p>Members must be 18 years of age or older.</p>',
    "<p>The bank account used for deposits and withdrawals must be in the member's own name.</p>",
    '<p>One person may register one account only.</p>',
  ],
};

const NOTICE_TEXT = {
  th: NOTICE_TH.text,
  la: NOTICE_LA.text,
  en: 'If the turnover requirement is not met, you receive {percentFail}% of the remaining balance back.',
};

const CONTACT_TEXT_TH = {
  th: CONTACT_TH.contactText,
  la: 'ຕິດຕໍ່ທີມງານໄດ້ຕະຫຼອດ 24 ຊົ່ວໂມງທາງ LINE',
  en: 'Reach our team 24 hours a day on LINE.',
};
const CONTACT_TEXT_LA = {
  th: 'ติดต่อทีมงานได้ตลอด 24 ชั่วโมงทาง LINE หรือ WhatsApp',
  la: CONTACT_LA.contactText,
  en: 'Reach our team 24 hours a day on LINE or WhatsApp.',
};

const SOURCE_NAMES: Record<string, { th: string; la: string; en: string }> = {
  FRIEND: { th: 'เพื่อนแนะนำ', la: 'ໝູ່ແນະນຳ', en: 'A friend told me' },
  OTHER: { th: 'อื่น ๆ', la: 'ອື່ນໆ', en: 'Other' },
};
// Brand names (Facebook, LINE, ...) read the same in every language.
const localizedSources = (sources: { code: string; description: string }[]) =>
  sources.map((s) => ({ code: s.code, description: SOURCE_NAMES[s.code] ?? { th: s.description, la: s.description, en: s.description } }));

/** key: [what 0005 seeded, the same content in three languages]. */
export const LOCALIZED_SETTINGS: Record<string, [unknown, unknown]> = {
  'banks.TH': [BANKS_TH, BANKS_TH_LOCALIZED],
  'banks.LA': [BANKS_LA, BANKS_LA_LOCALIZED],
  'conditions.TH': [CONDITIONS_TH, CONDITIONS],
  'conditions.LA': [CONDITIONS_LA, CONDITIONS],
  'agreements.TH': [AGREEMENTS_TH, { version: AGREEMENTS_TH.version, items: AGREEMENT_ITEMS }],
  'agreements.LA': [AGREEMENTS_LA, { version: AGREEMENTS_LA.version, items: AGREEMENT_ITEMS }],
  'notice.TH': [NOTICE_TH, { ...NOTICE_TH, text: NOTICE_TEXT }],
  'notice.LA': [NOTICE_LA, { ...NOTICE_LA, text: NOTICE_TEXT }],
  'contact.TH': [CONTACT_TH, { ...CONTACT_TH, contactText: CONTACT_TEXT_TH }],
  'contact.LA': [CONTACT_LA, { ...CONTACT_LA, contactText: CONTACT_TEXT_LA }],
  'sources.TH': [SOURCES_TH, localizedSources(SOURCES_TH)],
  'sources.LA': [SOURCES_LA, localizedSources(SOURCES_LA)],
};

/** The operator's fallback order per country (src/server/content/content-languages.ts). */
export const FALLBACK_SETTINGS: Record<string, unknown> = {
  'content.fallback.TH': ['th', 'en', 'la'],
  'content.fallback.LA': ['la', 'en', 'th'],
};
