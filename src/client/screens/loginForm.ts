export interface LoginFieldErrors {
  phone?: 'required';
  password?: 'required';
}

/** SPEC section 5: phone and password are required. Nothing else is checked before the call. */
export const validateLogin = ({ phone, password }: { phone: string; password: string }): LoginFieldErrors => ({
  ...(normalisePhone(phone) ? {} : { phone: 'required' }),
  ...(password ? {} : { password: 'required' }),
});

/** Phones are typed with spaces or dashes ("081-234 5678"); the account is the digits. */
export const normalisePhone = (phone: string): string => phone.replace(/[\s-]/g, '');

/** What the register screen hands to /login (router state): the phone just registered. */
export interface LoginState {
  registeredPhone: string;
}

/** The phone to prefill: the one just registered, when the router state carries one. */
export const registeredPhoneOf = (state: unknown): string => {
  if (!state || typeof state !== 'object' || !('registeredPhone' in state)) return '';
  const { registeredPhone } = state as { registeredPhone: unknown };
  return typeof registeredPhone === 'string' ? normalisePhone(registeredPhone) : '';
};
