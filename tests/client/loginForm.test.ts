import { describe, expect, it } from 'vitest';
import { normalisePhone, registeredPhoneOf, typedPhoneOf, validateLogin } from '../../src/client/screens/loginForm';
import { phoneTyped, PHONE_INPUT } from '../../src/client/ui/phoneInput';
import { initialLocale, htmlLang } from '../../src/client/i18n/locale';

describe('login form', () => {
  it('requires phone and password', () => {
    expect(validateLogin({ phone: '', password: '' })).toEqual({ phone: 'required', password: 'required' });
    expect(validateLogin({ phone: ' - ', password: 'x' })).toEqual({ phone: 'required' });
    expect(validateLogin({ phone: '0812345678', password: '' })).toEqual({ password: 'required' });
    expect(validateLogin({ phone: '0812345678', password: 'secret' })).toEqual({});
  });

  it('sends the digits of the phone number', () => {
    expect(normalisePhone('081-234 5678')).toBe('0812345678');
    // The server reads a leading 856 as Laos' country code, with or without its '+'.
    expect(normalisePhone('+856 20 5555 1234')).toBe('8562055551234');
  });
});

describe('phone fields', () => {
  it('take digits only, from the numeric keypad, dropping whatever else is typed or pasted', () => {
    expect(PHONE_INPUT).toEqual({ type: 'tel', inputMode: 'numeric', pattern: '[0-9]*' });
    expect(phoneTyped('08l2 345-678a9')).toBe('0823456789');
    expect(phoneTyped('abc')).toBe('');
    expect(phoneTyped('+856 20 5555 1234')).toBe('8562055551234');
  });
});

describe('initial locale', () => {
  it('is Lao for the Laos build, Thai otherwise, and a stored choice wins', () => {
    expect(initialLocale('LA', null)).toBe('la');
    expect(initialLocale('la', null)).toBe('la');
    expect(initialLocale('TH', null)).toBe('th');
    expect(initialLocale(undefined, null)).toBe('th');
    expect(initialLocale('LA', 'en')).toBe('en');
    expect(initialLocale(undefined, 'la')).toBe('la');
    expect(initialLocale('LA', 'fr')).toBe('la');
  });

  it("tags Lao documents 'lo', the real language code", () => {
    expect(htmlLang('la')).toBe('lo');
    expect(htmlLang('th')).toBe('th');
  });
});

describe('the phone just registered', () => {
  it('is read from the router state the register screen hands to /login', () => {
    expect(registeredPhoneOf({ registeredPhone: '0812345678' })).toBe('0812345678');
    expect(registeredPhoneOf({ registeredPhone: '081-234 5678' })).toBe('0812345678');
  });

  it('is empty for any other arrival at /login', () => {
    for (const state of [null, undefined, 'x', {}, { registeredPhone: 42 }]) expect(registeredPhoneOf(state)).toBe('');
  });

  it('the phone typed on /login goes along to /forgot-password', () => {
    expect(typedPhoneOf({ phone: '081 234 5678' })).toBe('0812345678');
    for (const state of [null, {}, { phone: 7 }, { registeredPhone: '0812345678' }]) expect(typedPhoneOf(state)).toBe('');
  });
});
