/**
 * Every phone field takes digits only: the numeric keypad on phones, and anything else typed
 * or pasted (letters, spaces, dashes, a '+') dropped as it arrives. A Lao number pasted as
 * "+856 20 …" keeps its 856, which the server reads as the country code.
 */
export const PHONE_INPUT = { type: 'tel', inputMode: 'numeric', pattern: '[0-9]*' } as const;

export const phoneTyped = (value: string): string => value.replace(/[^0-9]/g, '');
