import { SmsFailure } from './sms';

/** The international number without its plus (66812345678, 8562055512345), as the Thai gateways take it. */
export const withoutPlus = (e164: string) => e164.replace(/^\+/, '');

export interface GatewayPost {
  /** The gateway's name, in the failure's words. */
  gateway: string;
  url: string;
  /** HTTP basic authentication: the account's two credentials. */
  basic: readonly [string, string];
  contentType: string;
  body: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * One request to an SMS gateway that takes basic authentication and answers JSON (ThaiBulkSMS,
 * ANTS): its answer and body (undefined when not JSON), or SmsFailure when no answer came in time,
 * since an OTP text is safe to ask again and an unknown outcome counts as not sent.
 */
export async function postToGateway({ gateway, url, basic, contentType, body, timeoutMs = 10_000, fetch: doFetch = fetch }: GatewayPost): Promise<{ response: Response; body: unknown }> {
  try {
    const response = await doFetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${basic[0]}:${basic[1]}`).toString('base64')}`,
        'content-type': contentType,
        accept: 'application/json',
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { response, body: await response.json().catch(() => undefined) };
  } catch (error) {
    throw new SmsFailure(`no answer from ${gateway} (${error instanceof Error ? error.message : 'unknown'})`);
  }
}
