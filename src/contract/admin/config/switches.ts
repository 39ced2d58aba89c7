import { z } from 'zod';

/** HH:mm, 00:00 to 23:59. */
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');

/**
 * The product's switches (section `switches`, one target: 'main'), all applying at once: whether
 * registration verifies the phone by OTP, whether the chat widget shows, whether members may
 * change the bank account withdrawals go to, how long a deposit QR code lives, and the slip
 * window (uploads close daily from closedFrom to closedTo, local time; both null: never close;
 * how old a transfer a slip may show).
 */
export const switchesConfig = z.object({
  registerOTP: z.boolean(),
  enableChatWidget: z.boolean(),
  memberMayChangeBank: z.boolean(),
  qrExpireMinutes: z.number().int().min(1).max(120),
  slip: z.object({
    closedFrom: hhmm.nullable(),
    closedTo: hhmm.nullable(),
    uploadWithinMinutes: z.number().int().min(1).max(1_440),
  }).refine((s) => (s.closedFrom === null) === (s.closedTo === null), { message: 'both times or neither', path: ['closedTo'] })
    .refine((s) => s.closedFrom === null || s.closedFrom !== s.closedTo, { message: 'an empty window', path: ['closedTo'] }),
});
export type SwitchesConfig = z.infer<typeof switchesConfig>;
