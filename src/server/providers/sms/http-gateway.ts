import { SmsFailure, type SmsMessage, type SmsSender } from './sms';

/**
 * A plain HTTP SMS gateway: `POST <url>` with `{ to, text }` as JSON and a bearer token.
 * Any 2xx answer counts as accepted; anything else, or no answer within the timeout, fails.
 */
export class HttpSmsGateway implements SmsSender {
  constructor(private readonly options: { url: string; token: string; timeoutMs?: number; fetch?: typeof fetch }) {}

  async send(message: SmsMessage): Promise<void> {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.token}` },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new SmsFailure(error instanceof Error ? error.message : 'no answer');
    }
    if (!response.ok) throw new SmsFailure(`gateway answered ${response.status}`);
  }
}
