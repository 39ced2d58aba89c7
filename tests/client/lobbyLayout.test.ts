import { describe, expect, it } from 'vitest';
import { buttonLeft, CARD_DESIGN, cardAmounts, cardPose, gameCredit, lobbyLayout, VISIBLE_CARDS } from '../../src/client/scene/lobby/lobbyLayout';

describe('lobby layout', () => {
  it('fits three 300×211 cards across the width with their proportions', () => {
    const l = lobbyLayout(390, 3);
    expect(l.pitch * VISIBLE_CARDS).toBe(390);
    expect(l.cardWidth).toBe(122);
    expect(l.cardHeight / l.cardWidth).toBeCloseTo(CARD_DESIGN.height / CARD_DESIGN.width, 12);
    expect(l.rows).toHaveLength(3);
    expect(l.rows[1].titleTop).toBeGreaterThan(l.rows[0].trackTop + l.cardHeight);
    expect(l.height).toBeGreaterThanOrEqual(l.rows[2].trackTop + l.trackHeight);
  });

  it('draws the middle card full size and its neighbours smaller, and hides cards off the row', () => {
    const l = lobbyLayout(300, 1);
    expect(cardPose(0, l)).toEqual({ x: 150, scale: 1, alpha: 1, visible: true });
    const right = cardPose(1, l);
    expect(right.x).toBe(250);
    expect(right.scale).toBeLessThan(1);
    expect(right.alpha).toBe(1);
    expect(cardPose(1.5, l).alpha).toBeLessThan(1);
    expect(cardPose(2.6, l).visible).toBe(false);
    expect(cardPose(-2.6, l).visible).toBe(false);
    expect(buttonLeft(0, l)).toBe(150 - l.cardWidth / 2);
  });

  it('shows the balance and the balance at the wallet-to-game rate, to the satang', () => {
    expect(gameCredit(120, 1)).toBe(120);
    expect(gameCredit(0.1, 3)).toBe(0.3);
    expect(gameCredit(10.01, 1.5)).toBe(15.02);
    expect(cardAmounts({ amount: 1234.5, ftWalletSlot: 2 })).toEqual({ balance: '1,234.50', credit: '2,469.00' });
  });
});
