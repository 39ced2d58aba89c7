import type { GameCategory } from '../../../contract';

/** The providers of SPEC section 2, with the category their carousel shows them in. */
export interface ProviderInfo {
  code: string;
  name: string;
  category: GameCategory;
  /** Wallet-to-game rate: a card shows the balance and balance × ftWalletSlot. */
  ftWalletSlot: number;
}

export const PROVIDER_CATALOGUE: readonly ProviderInfo[] = [
  { code: 'JOKER', name: 'Joker Gaming', category: 'slot', ftWalletSlot: 1 },
  { code: 'PG', name: 'PG Soft', category: 'slot', ftWalletSlot: 1 },
  { code: 'PGSLOT', name: 'PG Slot', category: 'slot', ftWalletSlot: 1 },
  { code: 'SLOTXO', name: 'SlotXO', category: 'slot', ftWalletSlot: 1 },
  { code: 'SUPERSLOT', name: 'SuperSlot', category: 'slot', ftWalletSlot: 1 },
  { code: 'AREASLOT', name: 'Area Slot', category: 'slot', ftWalletSlot: 1 },
  { code: 'SLOTRACHA', name: 'Slot Racha', category: 'slot', ftWalletSlot: 1 },
  { code: 'JOKER2', name: 'Joker 2', category: 'slot', ftWalletSlot: 1 },
  { code: 'IMI', name: 'IMI', category: 'slot', ftWalletSlot: 1 },
  { code: 'SEXYGAME', name: 'Sexy Gaming', category: 'sport', ftWalletSlot: 1 },
  { code: 'BETFLIX', name: 'Betflix', category: 'sport', ftWalletSlot: 1 },
  { code: 'ASKMEBET', name: 'AskMeBet', category: 'sport', ftWalletSlot: 1 },
  { code: 'UFABET', name: 'UFABET', category: 'sport', ftWalletSlot: 1 },
  { code: 'USUN', name: 'USUN', category: 'sport', ftWalletSlot: 1 },
  { code: 'CIRCUS', name: 'Circus', category: 'sport', ftWalletSlot: 1 },
  { code: 'HUAYHD', name: 'Huay HD', category: 'lotto', ftWalletSlot: 1 },
];

export const providerInfo = (code: string) => PROVIDER_CATALOGUE.find((p) => p.code === code);
export const PROVIDER_CODES = PROVIDER_CATALOGUE.map((p) => p.code);
