import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import th from '../../locales/th.json';
import en from '../../locales/en.json';
import { ERROR_CODES } from '../../src/contract';
import { errorText } from '../../src/client/api/errors';
import { fillPath, newIdempotencyKey } from '../../src/client/api/call';

describe('fillPath', () => {
  it('fills each :param, encoded', () => {
    expect(fillPath('/api/wallet/activate/:slotCode', { slotCode: 'PG' })).toBe('/api/wallet/activate/PG');
    expect(fillPath('/api/autoLogin/imi/:username/:password', { username: 'u 1', password: 'p/w?' })).toBe(
      '/api/autoLogin/imi/u%201/p%2Fw%3F',
    );
    expect(fillPath('/api/lookup/banks', undefined)).toBe('/api/lookup/banks');
  });

  it('refuses a missing parameter instead of calling a wrong url', () => {
    expect(() => fillPath('/api/qrcode/:bankCode', {})).toThrow(/bankCode/);
    expect(() => fillPath('/api/qrcode/:bankCode', { bankCode: '' })).toThrow(/bankCode/);
  });
});

describe('newIdempotencyKey', () => {
  it('is unique per call', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
  });
});

describe('errorText', () => {
  const ts: Record<string, TFunction> = {};
  beforeAll(async () => {
    for (const [lng, translation] of Object.entries({ th, en })) {
      const instance = i18next.createInstance();
      await instance.init({ lng, resources: { [lng]: { translation } } });
      ts[lng] = instance.t;
    }
  });

  it('translates known codes', () => {
    expect(errorText(ts.en, 'WRONG_CREDENTIAL')).toBe('The phone number or password is incorrect.');
    expect(errorText(ts.th, 'MONEY_NOT_ENOUGH')).toBe('ยอดเงินไม่เพียงพอ');
    expect(errorText(ts.en, 'NETWORK_ERROR')).toBe('Cannot connect. Please check your internet connection.');
  });

  it('shows an unknown message as it came', () => {
    expect(errorText(ts.en, 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(errorText(ts.en, 'Bank is closed: try at 9:00.')).toBe('Bank is closed: try at 9:00.');
  });

  it('shows a contract code raw, not as a key path, when a locale lacks it', async () => {
    const bare = i18next.createInstance();
    await bare.init({ lng: 'en', resources: { en: { translation: { errors: {} } } } });
    expect(errorText(bare.t, 'MONEY_NOT_ENOUGH')).toBe('MONEY_NOT_ENOUGH');
  });

  it('has a translation for every contract error code', () => {
    for (const code of ERROR_CODES) {
      expect(errorText(ts.en, code), code).not.toBe(code);
      expect(errorText(ts.th, code), code).toMatch(/[\u0E00-\u0E7F]|^[A-Z0-9 .]+$/);
    }
  });
});
