import webpush, { WebPushError, type RequestOptions } from 'web-push';
import type { PushDelivery, PushMessage, PushOutcome, VapidKeys } from './push';

/**
 * Web Push through the `web-push` library: the payload encrypted to the subscription's keys
 * (aes128gcm), signed with our VAPID key, with a TTL and a timeout. An https endpoint (every real
 * push service) goes through `sendNotification`; `web-push` speaks https only, so a plain http
 * endpoint, which only sandbox mode accepts (a local push service in the tests), is sent the same
 * request that `generateRequestDetails` builds, with fetch.
 */
export class WebPushDelivery implements PushDelivery {
  constructor(private readonly timeoutMs: number) {}

  async deliver(message: PushMessage, vapid: VapidKeys): Promise<PushOutcome> {
    const subscription = { endpoint: message.endpoint, keys: message.keys };
    const options: RequestOptions = {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: message.ttlSeconds,
      timeout: this.timeoutMs,
      contentEncoding: 'aes128gcm',
    };
    const payload = JSON.stringify(message.payload);
    try {
      if (message.endpoint.startsWith('http:')) return outcomeOf(await this.overHttp(webpush.generateRequestDetails(subscription, payload, options)));
      await webpush.sendNotification(subscription, payload, options);
      return { status: 'sent' };
    } catch (error) {
      if (error instanceof WebPushError) return outcomeOf(error.statusCode);
      return { status: 'failed', reason: reasonOf(error) };
    }
  }

  private async overHttp(request: ReturnType<typeof webpush.generateRequestDetails>): Promise<number> {
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body as Buffer) : null,
      signal: AbortSignal.timeout(this.timeoutMs),
      redirect: 'manual',
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  }
}

function outcomeOf(statusCode: number): PushOutcome {
  if (statusCode >= 200 && statusCode <= 299) return { status: 'sent' };
  if (statusCode === 404 || statusCode === 410) return { status: 'gone', statusCode };
  return { status: 'failed', statusCode, reason: `push service answered ${statusCode}` };
}

/** A failure's kind for the log: never the endpoint (its path is the subscription's secret). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown';
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : error.name;
}
