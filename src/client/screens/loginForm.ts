export interface LoginFieldErrors {
  phone?: 'required';
  password?: 'required';
}

/** SPEC section 5: phone and password are required. Nothing else is checked before the call. */
export const validateLogin = ({ phone, password }: { phone: string; password: string }): LoginFieldErrors => ({
  ...(normalisePhone(phone) ? {} : { phone: 'required' }),
  ...(password ? {} : { password: 'required' }),
});

/** A phone is its digits (the field takes nothing else; a prefilled one may carry spaces or dashes). */
export const normalisePhone = (phone: string): string => phone.replace(/[^0-9]/g, '');

/** What the register and forgot-password screens hand to /login (router state): the phone just registered or reset. */
export interface LoginState {
  registeredPhone: string;
}

/** What /login hands to /forgot-password (router state): the phone typed so far. */
export interface ForgotState {
  phone: string;
}

const stringIn = (state: unknown, key: string): string => {
  if (!state || typeof state !== 'object' || !(key in state)) return '';
  const value = (state as Record<string, unknown>)[key];
  return typeof value === 'string' ? normalisePhone(value) : '';
};

/** The phone to prefill: the one just registered (or whose password was just reset), when the router state carries one. */
export const registeredPhoneOf = (state: unknown): string => stringIn(state, 'registeredPhone');

/** The phone the member had typed on /login before asking to reset the password. */
export const typedPhoneOf = (state: unknown): string => stringIn(state, 'phone');
