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
