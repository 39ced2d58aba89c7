/**
 * ThaiBulkSMS, the SMS API v2 ("Send SMS").
 *
 * The document is ThaiBulkSMS's developer site (https://developer.thaibulksms.com, API v2). Its page
 * could not be opened from here (read 26 November 2026); this follows it as the public clients
 * restate it, which agree with one another:
 * - `POST <THAIBULKSMS_API_URL>/sms`, HTTP basic authentication with the API key and secret
 *   (`Authorization: Basic base64(key:secret)`), a form body (`application/x-www-form-urlencoded`)
 *   of `msisdn` (the number, 66XXXXXXXXX), `message`, and optionally `sender` (a name approved on
 *   the account) and `force` (`standard` or `corporate` credit).
 * - Success (2xx): `{ remaining_credit, total_use_credit, credit_type, phone_number_list: [{ number,
 *   message_id, used_credit }], bad_phone_number_list: [{ number, message }] }`. A number in
 *   `bad_phone_number_list` was not sent.
 * - Failure: `{ error: { code, name, description } }` (401 bad key or secret, 400 a bad request such
 *   as a sender not approved or no credit left, 5xx the service).
 * Anything but a success that lists our number, including no answer within the timeout, fails the
 * send (SmsFailure): the OTP module then lets the member ask again at once. The text is ours.
 */
import { z } from 'zod';
import { postToGateway, withoutPlus } from './post';
import { SmsFailure, type SmsMessage, type SmsSender } from './sms';

const success = z.object({
  phone_number_list: z.array(z.object({ number: z.string(), message_id: z.string().optional() })),
  bad_phone_number_list: z.array(z.object({ number: z.string().optional(), message: z.string().optional() })).optional(),
});
const failure = z.object({
  error: z.object({ code: z.union([z.number(), z.string()]).optional(), name: z.string().optional(), description: z.string().optional() }),
});

export interface ThaiBulkSmsOptions {
  url: string;
  apiKey: string;
  apiSecret: string;
  sender?: string;
  force?: 'standard' | 'corporate';
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class ThaiBulkSmsGateway implements SmsSender {
  constructor(private readonly options: ThaiBulkSmsOptions) {}

  async send(message: SmsMessage): Promise<void> {
    const msisdn = withoutPlus(message.to);
    const form = new URLSearchParams({ msisdn, message: message.text });
    if (this.options.sender) form.set('sender', this.options.sender);
    if (this.options.force) form.set('force', this.options.force);
    const { response, body } = await postToGateway({
      gateway: 'ThaiBulkSMS',
      url: `${this.options.url.replace(/\/$/, '')}/sms`,
      basic: [this.options.apiKey, this.options.apiSecret],
      contentType: 'application/x-www-form-urlencoded',
      body: form.toString(),
      timeoutMs: this.options.timeoutMs,
      fetch: this.options.fetch,
    });
    if (response.ok) {
      const sent = success.safeParse(body);
      if (sent.success && sent.data.phone_number_list.some((p) => p.number === msisdn)) return;
      const bad = sent.success ? sent.data.bad_phone_number_list?.[0]?.message : undefined;
      throw new SmsFailure(bad ? `ThaiBulkSMS refused the number: ${bad}` : 'ThaiBulkSMS did not list the number as sent');
    }
    const failed = failure.safeParse(body);
    const detail = failed.success ? [failed.data.error.code, failed.data.error.name].filter((x) => x !== undefined).join(' ') : '';
    throw new SmsFailure(`ThaiBulkSMS answered ${response.status}${detail ? ` (${detail})` : ''}`);
  }
}
