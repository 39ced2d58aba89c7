import { formatAmount } from '../../format';
import { toMajor, toMinor } from '../../../contract';

/**
 * Where the lobby's rows and cards go, as plain numbers: the canvas draws by it and the DOM
 * layer (headings, the accessible card buttons) is placed by the same numbers.
 */

/** The card's design size (SPEC section 2); the art in assets/games is drawn at this size. */
export const CARD_DESIGN = { width: 300, height: 211 } as const;
/** Cards in view at rest (SPEC section 2). */
export const VISIBLE_CARDS = 3;

export interface RowLayout {
  /** Top of the row's heading, px from the lobby's top. */
  titleTop: number;
  /** Top of the card track. */
  trackTop: number;
}

export interface LobbyLayout {
  width: number;
  /** Distance between two card centres. */
  pitch: number;
  cardWidth: number;
  cardHeight: number;
  /** Height of a card track: a card plus room for its focus ring. */
  trackHeight: number;
  rows: RowLayout[];
  height: number;
}

export const LAYOUT_SPACING = { gap: 8, titleHeight: 34, trackPadding: 6, rowGap: 12 } as const;

/** Three cards across the given width, scaled from 300×211 with their proportions kept. */
export function lobbyLayout(width: number, rowCount: number, spacing = LAYOUT_SPACING): LobbyLayout {
  const pitch = width / VISIBLE_CARDS;
  const cardWidth = Math.max(40, pitch - spacing.gap);
  const cardHeight = (cardWidth * CARD_DESIGN.height) / CARD_DESIGN.width;
  const trackHeight = Math.ceil(cardHeight + 2 * spacing.trackPadding);
  const rows: RowLayout[] = [];
  let y = 0;
  for (let i = 0; i < rowCount; i++) {
    rows.push({ titleTop: y, trackTop: y + spacing.titleHeight });
    y += spacing.titleHeight + trackHeight + (i < rowCount - 1 ? spacing.rowGap : 0);
  }
  return { width, pitch, cardWidth, cardHeight, trackHeight, rows, height: Math.ceil(y) };
}

export interface CardPose {
  /** Centre of the card, px from the row's left edge. */
  x: number;
  scale: number;
  alpha: number;
  visible: boolean;
}

/**
 * How a card at `slot` (cards from the middle, fractional while moving) is drawn: the middle
 * card full size, its neighbours a little smaller, and cards fade as they leave the row.
 */
export function cardPose(slot: number, layout: Pick<LobbyLayout, 'width' | 'pitch' | 'cardWidth'>): CardPose {
  const distance = Math.abs(slot);
  const x = layout.width / 2 + slot * layout.pitch;
  const visible = x + layout.cardWidth / 2 > 0 && x - layout.cardWidth / 2 < layout.width;
  return {
    x,
    scale: 1 - 0.07 * Math.min(1, distance),
    alpha: 1 - 0.6 * Math.min(1, Math.max(0, distance - 1)),
    visible,
  };
}

/** Left edge of the accessible button over card `slot` at rest (px from the row's left edge). */
export const buttonLeft = (slot: number, layout: Pick<LobbyLayout, 'width' | 'pitch' | 'cardWidth'>): number =>
  layout.width / 2 + slot * layout.pitch - layout.cardWidth / 2;

/** The second amount on a card: the balance at the wallet-to-game rate (ftWalletSlot), to the satang. */
export const gameCredit = (amount: number, ftWalletSlot: number): number => toMajor(Math.round(Number(toMinor(amount)) * ftWalletSlot));

/** The two amounts an active card shows. */
export const cardAmounts = (account: { amount: number; ftWalletSlot: number }) => ({
  balance: formatAmount(account.amount),
  credit: formatAmount(gameCredit(account.amount, account.ftWalletSlot)),
});
