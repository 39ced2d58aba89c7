/**
 * The time the domain rules read (OTP expiry, throttling windows, slip hours). One object per
 * app, in the app context, so a test can move time by replacing `now`.
 */
export interface Clock {
  now(): Date;
}

export const systemClock = (): Clock => ({ now: () => new Date() });
