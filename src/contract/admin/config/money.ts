import { z } from 'zod';
import { QR_PROVIDERS, type QrProvider } from '../../constants';

const amount = z.number().min(0).max(1e12);
const qrRules = z.object({
  minimum: amount,
  maximum: amount,
  presets: z.array(amount.positive()).min(1).max(8),
}).refine((r) => r.minimum <= r.maximum, { message: 'minimum above maximum', path: ['maximum'] });

/**
 * The money rules of one currency (the section's target is the currency), decimal major units:
 * the smallest transfer, the withdraw bounds, the auto-pay limit, the amount above which a payout
 * takes two operators, and each QR provider's bounds
 * and presets. Every change waits for a second operator.
 */
export const moneyConfig = z.object({
  transferMin: amount.positive(),
  withdrawMin: amount.positive(),
  withdrawMax: amount.positive(),
  autoPayLimit: amount,
  /** Withdrawals above this need two operators' approvals (the second with a fresh authenticator code); none above it pays itself. */
  secondApprovalAbove: amount,
  qr: z.object(Object.fromEntries(QR_PROVIDERS.map((p) => [p, qrRules])) as Record<QrProvider, typeof qrRules>),
}).refine((r) => r.withdrawMin <= r.withdrawMax, { message: 'withdrawMin above withdrawMax', path: ['withdrawMax'] });
export type MoneyConfig = z.infer<typeof moneyConfig>;
