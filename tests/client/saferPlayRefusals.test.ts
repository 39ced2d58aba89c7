import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { refusalDetailsOf } from '../../machines/refusal';
import { ApiError, refusalDetailsOf as detailsOfBody } from '../../src/client/api/errors';
import { playedText, signedAmount } from '../../src/client/saferPlay/limitText';
import { isSaferPlayRefusal, refusalText } from '../../src/client/saferPlay/refusals';

beforeAll(async () => {
  // As the app's i18n does (src/client/i18n): React escapes, i18next does not.
  await i18next.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});

describe('safer-play refusals (issue 31)', () => {
  it('reads until and remaining from a refusal body, and nothing else', () => {
    expect(detailsOfBody({ message: 'ON_BREAK', until: '2026-11-27T12:00:00.000Z' })).toEqual({ until: '2026-11-27T12:00:00.000Z' });
    expect(detailsOfBody({ message: 'SELF_EXCLUDED', until: null })).toEqual({ until: null });
    expect(detailsOfBody({ message: 'DEPOSIT_LIMIT_REACHED', remaining: 40 })).toEqual({ remaining: 40 });
    expect(detailsOfBody({ message: 'X', remaining: 'lots', until: 5 })).toEqual({});
    expect(detailsOfBody(null)).toEqual({});
  });

  it('keeps them on the ApiError the machines read', () => {
    const error = new ApiError('LOSS_LIMIT_REACHED', 409, { remaining: 25 });
    expect(refusalDetailsOf(error)).toEqual({ remaining: 25 });
    expect(refusalDetailsOf(new Error('offline'))).toEqual({});
  });

  it('says what a limit still allows, and when play opens again', () => {
    const t = i18next.t.bind(i18next);
    expect(refusalText(t, 'DEPOSIT_LIMIT_REACHED', { remaining: 40 }, 'baht')).toBe(`${en.errors.DEPOSIT_LIMIT_REACHED} You can still deposit 40.00 baht in this period.`);
    expect(refusalText(t, 'LOSS_LIMIT_REACHED', { remaining: 1250.5 }, 'baht')).toBe(`${en.errors.LOSS_LIMIT_REACHED} You can still move 1,250.50 baht into games in this period.`);
    expect(refusalText(t, 'ON_BREAK', { until: '2026-11-27T12:00:00.000Z' }, 'baht')).toMatch(/^You are on a break\. .* Play opens again \d\d\/\d\d\/2026 \d\d:\d\d:\d\d\.$/);
    expect(refusalText(t, 'SELF_EXCLUDED', { until: null }, 'baht')).toBe(en.errors.SELF_EXCLUDED);
    expect(refusalText(t, 'MONEY_NOT_ENOUGH', { remaining: 5 }, 'baht')).toBe(en.errors.MONEY_NOT_ENOUGH);
    expect(isSaferPlayRefusal('SESSION_LIMIT_REACHED')).toBe(true);
    expect(isSaferPlayRefusal('QR_FAIL')).toBe(false);
  });

  it('writes the session: time in hours and minutes, a result with its sign', () => {
    const t = i18next.t.bind(i18next);
    expect(playedText(t, 0)).toBe('0 min');
    expect(playedText(t, 59.9)).toBe('59 min');
    expect(playedText(t, 125)).toBe('2 h 05 min');
    expect(signedAmount(150)).toBe('+150.00');
    expect(signedAmount(-1200)).toBe('-1,200.00');
    expect(signedAmount(0)).toBe('0.00');
  });
});
