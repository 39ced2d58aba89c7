import { fromPromise } from 'xstate';

/**
 * A call actor the test answers by hand: it records each input it was invoked with, and the test
 * settles the one in flight with `succeed(output)` or `refuse(code)` (rejected with `{ code }`,
 * as the app's ApiError carries it), or `rejectWith(error)`.
 */
export function handAnsweredCall<Output, Input>() {
  const calls: Input[] = [];
  let inFlight: { resolve: (output: Output) => void; reject: (error: unknown) => void } | undefined;
  const actor = fromPromise<Output, Input>(
    ({ input }) =>
      new Promise<Output>((resolve, reject) => {
        calls.push(input);
        inFlight = { resolve, reject };
      }),
  );
  const settle = async (settleWith: (p: NonNullable<typeof inFlight>) => void) => {
    const pending = inFlight;
    if (!pending) throw new Error('no call in flight');
    inFlight = undefined;
    settleWith(pending);
    // Let the promise's continuation reach the machine.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return {
    actor,
    calls,
    inFlight: () => inFlight !== undefined,
    succeed: (output: Output) => settle((p) => p.resolve(output)),
    refuse: (code: string) => settle((p) => p.reject(Object.assign(new Error(code), { code }))),
    /** Rejects with whatever the test gives, e.g. an error that carries no code. */
    rejectWith: (error: unknown) => settle((p) => p.reject(error)),
  };
}
