import type { Country, Locale } from '../../../contract';
import { localLanguage } from '../../content/content-languages';

/**
 * The SMS that carries an OTP code, in the language the player registers in (the client's
 * Accept-Language on otp/send); a caller naming none of ours reads the country's language.
 */
const TEMPLATES: Record<Locale, string> = {
  th: 'รหัส OTP ของคุณคือ {code} (Ref: {ref}) ใช้ได้ภายใน 5 นาที ห้ามบอกรหัสนี้กับผู้อื่น',
  la: 'ລະຫັດ OTP ຂອງທ່ານແມ່ນ {code} (Ref: {ref}) ໃຊ້ໄດ້ພາຍໃນ 5 ນາທີ ຢ່າບອກລະຫັດນີ້ໃຫ້ຜູ້ອື່ນ',
  en: 'Your OTP code is {code} (Ref: {ref}). It is valid for 5 minutes. Never tell anyone this code.',
};

export const otpSmsText = (country: Country, language: Locale | undefined, code: string, ref: string) =>
  TEMPLATES[language ?? localLanguage(country)].replace('{code}', code).replace('{ref}', ref);

/** The SMS that carries a password reset code, in the language the member asked in. */
const RESET_TEMPLATES: Record<Locale, string> = {
  th: 'รหัสสำหรับตั้งรหัสผ่านใหม่ของคุณคือ {code} (Ref: {ref}) ใช้ได้ภายใน 5 นาที หากคุณไม่ได้ขอ ไม่ต้องทำอะไร รหัสผ่านเดิมยังใช้ได้',
  la: 'ລະຫັດສຳລັບຕັ້ງລະຫັດຜ່ານໃໝ່ຂອງທ່ານແມ່ນ {code} (Ref: {ref}) ໃຊ້ໄດ້ພາຍໃນ 5 ນາທີ ຖ້າທ່ານບໍ່ໄດ້ຂໍ ບໍ່ຕ້ອງເຮັດຫຍັງ ລະຫັດຜ່ານເກົ່າຍັງໃຊ້ໄດ້',
  en: 'Your password reset code is {code} (Ref: {ref}). It is valid for 5 minutes. If you did not ask for it, do nothing: your password stays as it is.',
};

export const resetSmsText = (country: Country, language: Locale | undefined, code: string, ref: string) =>
  RESET_TEMPLATES[language ?? localLanguage(country)].replace('{code}', code).replace('{ref}', ref);
