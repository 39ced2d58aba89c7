/**
 * One call to a slip verification service: its JSON answer, whatever the HTTP status (EasySlip and
 * SlipOK put their error codes in the body of 4xx answers), or undefined when no answer came in time
 * or it was not JSON. The caller reads an undefined as an unknown outcome: the slip stays in progress.
 */
export async function askService(url: string, init: RequestInit, options: { timeoutMs: number; fetch?: typeof fetch }): Promise<unknown> {
  try {
    const response = await (options.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}
