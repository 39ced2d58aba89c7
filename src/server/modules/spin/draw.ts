import { randomInt } from 'node:crypto';

/** A uniform integer in [0, max): the server's cryptographic generator by default; tests pass their own. */
export type RandomInt = (max: number) => number;

export const cryptoRandomInt: RandomInt = (max) => randomInt(max);

/**
 * Picks an index with probability weight[i] / sum(weights): one uniform draw over the
 * total, then the slice whose cumulative range holds it. Weights are integers of at least 0
 * (the database checks; a 0 is shown on the wheel but never drawn), so the draw has no float bias.
 */
export function drawByWeight(weights: readonly number[], random: RandomInt = cryptoRandomInt): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (weights.length === 0 || total <= 0) throw new Error('a wheel needs slices with positive weights');
  let ticket = random(total);
  for (let i = 0; i < weights.length; i++) {
    if (ticket < weights[i]) return i;
    ticket -= weights[i];
  }
  throw new Error('ticket past the total weight');
}
