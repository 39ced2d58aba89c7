/**
 * ANTS (api-service.ants.co.th), "Send Message" of the ANTS API SPECIFICATION, English v1.0.0
 * (https://apidoc.ants.co.th/api-sms-1/api-sms), and its "Status and Error codes"
 * (https://apidoc.ants.co.th/api-sms-1/status). What is followed, and what could not be read, is
 * listed in this folder's README.
 * - `POST <ANTS_API_URL>/sms/send`, `Content-Type: application/json`, `Accept: application/json`
 *   (the introduction asks for both), HTTP basic authentication with the account's username and
 *   password.
 * - Body: `{ messages: [{ from, destinations: [{ to }], text }] }`; `from` is the sender name (11
 *   characters at most, no space), `to` the number in international format without a plus
 *   (the document's example: 6698336789).
 * - The answer names each destination with a status object `{ code, name, description }`; `name` is
 *   one of the general statuses. ACCEPTED, PENDING, DELIVERED and COMPLETED mean ANTS took the
 *   message; UNDELIVERED, EXPIRED and REJECTED that it did not. 401 is a wrong username or password,
 *   429 too many requests.
 * Anything but a status that took the message, including no answer in time, fails the send
 * (SmsFailure): an OTP text is safe to ask again, so an unknown outcome is treated as not sent and
 * the otp module lets the member ask at once. The text is ours.
 */
import { z } from 'zod';
import { postToGateway, withoutPlus } from './post';
import { SmsFailure, type SmsMessage, type SmsSender } from './sms';
import { antsStatusOf, ANTS_HTTP_STATUSES } from './ants-codes';

const answer = z.object({
  details: z.array(z.object({
    to: z.union([z.string(), z.number()]).optional(),
    status: z.object({ code: z.union([z.string(), z.number()]).optional(), name: z.string(), description: z.string().optional() }),
  })),
});

export interface AntsOptions {
  url: string;
  username: string;
  password: string;
  /** The document's `from`, a sender name approved on the account. */
  sender: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class AntsSmsGateway implements SmsSender {
  constructor(private readonly options: AntsOptions) {}

  async send(message: SmsMessage): Promise<void> {
    const to = withoutPlus(message.to);
    const { response, body } = await postToGateway({
      gateway: 'ANTS',
      url: `${this.options.url.replace(/\/$/, '')}/sms/send`,
      basic: [this.options.username, this.options.password],
      contentType: 'application/json',
      body: JSON.stringify({ messages: [{ from: this.options.sender, destinations: [{ to }], text: message.text }] }),
      timeoutMs: this.options.timeoutMs,
      fetch: this.options.fetch,
    });
    if (!response.ok) {
      const known = ANTS_HTTP_STATUSES[response.status];
      throw new SmsFailure(`ANTS answered ${response.status}${known ? ` (${known})` : ''}`);
    }
    const parsed = answer.safeParse(body);
    // One destination per request: an entry without `to` can only be ours.
    const ours = parsed.success ? parsed.data.details.find((d) => d.to === undefined || String(d.to) === to) : undefined;
    if (!ours) throw new SmsFailure('ANTS did not list the number');
    const status = antsStatusOf(ours.status);
    if (!status.sent) throw new SmsFailure(`ANTS did not take the message: ${status.named}`);
  }
}
