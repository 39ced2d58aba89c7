import { describe, expect, it } from 'vitest';

describe("the client's zod setting", () => {
  it('is read by zod: its schemas parse without eval (the pages forbid it)', async () => {
    await import('../../src/client/zodWithoutEval');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // A schema built after it parses as before.
    expect(z.object({ amount: z.number() }).parse({ amount: 1 })).toEqual({ amount: 1 });
  });
});
