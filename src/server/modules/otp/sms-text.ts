import type { Country } from '../../../contract';

/** The SMS that carries an OTP code, in the country's language (the member's locale is not known yet). */
const TEMPLATES: Record<Country, string> = {
  TH: 'รหัส OTP ของคุณคือ {code} (Ref: {ref}) ใช้ได้ภายใน 5 นาที ห้ามบอกรหัสนี้กับผู้อื่น',
  LA: 'ລະຫັດ OTP ຂອງທ່ານແມ່ນ {code} (Ref: {ref}) ໃຊ້ໄດ້ພາຍໃນ 5 ນາທີ ຢ່າບອກລະຫັດນີ້ໃຫ້ຜູ້ອື່ນ',
};

export const otpSmsText = (country: Country, code: string, ref: string) =>
  TEMPLATES[country].replace('{code}', code).replace('{ref}', ref);
