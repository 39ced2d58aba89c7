import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { balanceAge, balanceAgeText } from '../../src/client/wallet/balanceAge';

const NOW = Date.parse('2026-11-26T02:30:00.000Z');

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
});

describe('a game balance on screen says how old it is (issue 27)', () => {
  it('is being read, was read at a time, failed, or was never read from the games', () => {
    expect(balanceAge({ reading: true, readAt: NOW - 1_000, failedAt: null })).toEqual({ kind: 'reading' });
    expect(balanceAge({ reading: false, readAt: NOW - 1_000, failedAt: null })).toEqual({ kind: 'read', at: NOW - 1_000 });
    expect(balanceAge({ reading: false, readAt: NOW - 1_000, failedAt: NOW })).toEqual({ kind: 'failed', at: NOW - 1_000 });
    expect(balanceAge({ reading: false, readAt: null, failedAt: NOW })).toEqual({ kind: 'failed', at: null });
    expect(balanceAge({ reading: false, readAt: null, failedAt: null })).toEqual({ kind: 'never' });
  });

  it('reads as text with the time since the games answered', () => {
    const t = i18next.t.bind(i18next);
    const now = new Date(NOW);
    expect(balanceAgeText(t, { kind: 'read', at: NOW - 5 * 60_000 }, now)).toBe('Game balances read 5 minutes ago');
    expect(balanceAgeText(t, { kind: 'read', at: NOW }, now)).toBe('Game balances read just now');
    expect(balanceAgeText(t, { kind: 'failed', at: NOW - 60 * 60_000 }, now)).toBe('The games did not answer: balances as read 1 hour ago');
    expect(balanceAgeText(t, { kind: 'never' }, now)).toBe(en.gameBalance.never);
    expect(balanceAgeText(t, { kind: 'reading' }, now)).toBe(en.gameBalance.reading);
  });
});
