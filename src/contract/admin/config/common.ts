import { z } from 'zod';

/** Shapes every configuration section's value is made of. */

/** A text an operator writes, in each of the product's languages (entered side by side). */
export const localizedText = (max = 2_000) =>
  z.object({ th: z.string().max(max), la: z.string().max(max), en: z.string().max(max) });
export type LocalizedTextValue = z.infer<ReturnType<typeof localizedText>>;

/** Operator html (sanitised by the server before it is stored, the same sanitiser members' content uses). */
export const localizedHtml = (max = 20_000) => localizedText(max);

/** An amount in decimal major units (as the API speaks), per currency. */
export const perCurrencyAmount = z.object({ BAHT: z.number().min(0).max(1e12), LAK: z.number().min(0).max(1e12) });
export type PerCurrencyAmountValue = z.infer<typeof perCurrencyAmount>;

/** A banner: its image (an uploaded image's address or one of the product's assets) and its html. */
export const bannerValue = z.object({
  image: z.string().max(500).regex(/^(\/assets\/|\/api\/content\/images\/|https:\/\/)/, 'an uploaded image, an asset or an https address'),
  html: localizedHtml(),
});
export type BannerValue = z.infer<typeof bannerValue>;

/** JSON with object keys sorted: two values compare by content (jsonb keeps keys in its own order). */
export const canonicalJson = (value: unknown): string => JSON.stringify(value ?? null, (_k, v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v);
