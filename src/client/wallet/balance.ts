import { GAME_CATEGORIES, MAIN_WALLET_CODE, toMajor, toMinor, type GameCategory, type ResponseOf, type endpoints } from '../../contract';

export type WalletHome = ResponseOf<typeof endpoints.wallet>;
export type GameAccount = WalletHome['slots'][number];
export type Currency = 'BAHT' | 'LAK';

/**
 * The total the home shows: the wallet plus every game account. Summed in minor units so
 * 0.1 + 0.2 stays 0.30.
 */
export const totalBalance = (wallet: { amount: number }, slots: readonly { amount: number }[]): number =>
  toMajor(slots.reduce((sum, slot) => sum + toMinor(slot.amount), toMinor(wallet.amount)));

/** What the game accounts hold together. */
export const gamesBalance = (slots: readonly { amount: number }[]): number =>
  toMajor(slots.reduce((sum, slot) => sum + toMinor(slot.amount), 0n));

/** Game accounts that money can move out of (a closed provider's too: the money there stays the member's). */
export const activeGames = (slots: readonly GameAccount[]): GameAccount[] => slots.filter((slot) => slot.isActive);

/** Game accounts that money can move into: active, at a provider the operators have not closed. */
export const openGames = (slots: readonly GameAccount[]): GameAccount[] => slots.filter((slot) => slot.isActive && !slot.closed);

/** Game accounts by category, in the product's order (slot, sport, lotto), leaving out empty ones. */
export const gamesByCategory = (slots: readonly GameAccount[]): { category: GameCategory; slots: GameAccount[] }[] =>
  GAME_CATEGORIES.map((category) => ({ category, slots: slots.filter((slot) => slot.category === category) })).filter(
    (group) => group.slots.length > 0,
  );

/**
 * The name a transfer's end is shown by: the main wallet's own label, a game code by its
 * provider's name from the wallet's slots, anything else as it came.
 */
export const accountName = (code: string | null, slots: readonly { code: string; name: string }[], walletLabel: string): string => {
  if (!code) return '-';
  if (code === MAIN_WALLET_CODE) return walletLabel;
  return slots.find((slot) => slot.code === code)?.name ?? code;
};

/**
 * The member's currency. The wallet answer does not carry it yet, so it follows the build:
 * Thailand is baht only; a Laos member is LAK unless registered in baht (not visible here).
 */
export const buildCurrency = (country: string | undefined): Currency => (country === 'LA' ? 'LAK' : 'BAHT');
