import { z } from 'zod';
import { GAME_CATEGORIES } from '../../constants';

/**
 * One game provider's switch (the section's target is the provider's code, GAME_PROVIDERS). A
 * provider switched off is gone from the members' lobby, and new transfers into it and game
 * launches are refused (PROVIDER_OFF); money already there stays the member's: a member who
 * holds some there still sees its card, marked closed, and can move it back to the wallet.
 * A switch applies at once (it moves no money).
 */
export const providerConfig = z.object({
  open: z.boolean().describe('false: switched off (hidden from the lobby, no transfers in, no launches)'),
  facts: z.object({
    name: z.string(),
    category: z.enum(GAME_CATEGORIES),
    holders: z.number().int().min(0).describe('members holding money at this provider now'),
  }).optional().describe('read only, what the console shows beside the switch; ignored when written'),
});
export type ProviderConfig = z.infer<typeof providerConfig>;
