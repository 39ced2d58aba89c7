import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * Keys whose values never reach the log, wherever they sit in a logged object (one or two levels
 * down; pino's redaction takes paths, not any depth): credentials, one-time codes, signing keys
 * and a push subscription's endpoint and keys (a push endpoint is a capability: whoever holds it
 * can send to the device). Idempotency keys are fine to log, and help trace a request.
 */
const SECRET_KEYS = [
  'authorization', 'cookie', 'set-cookie', 'password', 'newPassword', 'oldPassword', 'currentPassword', 'confirmPassword',
  'token', 'accessToken', 'refreshToken', 'otp', 'otpCode', 'otpToken', 'totp', 'totpCode', 'approvalCode', 'secret',
  'privateKey', 'vapidPrivateKey', 'VAPID_PRIVATE_KEY', 'endpoint', 'p256dh', 'keys',
];

/** Keys of bank account numbers: logged masked (the last four digits), enough to tell two apart in an investigation. */
const ACCOUNT_KEYS = ['bankAccountNo', 'bank_account_no', 'accountNo', 'accountNumber', 'receivingAccount'];

const isName = (key: string) => /^[A-Za-z_$][\w$]*$/.test(key);
/** The key at the top of a logged object, and one and two levels down. */
const anywhere = (keys: string[]) => keys.flatMap((key) => {
  const step = isName(key) ? `.${key}` : `["${key}"]`;
  return [isName(key) ? key : step, `*${step}`, `*.*${step}`];
});

export const REDACTED = '[redacted]';

/** `1234567890` → `******7890`; anything that is not a string or a number is redacted whole. */
export function maskAccount(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return REDACTED;
  const text = String(value);
  const digits = text.replace(/\D/g, '');
  return digits.length <= 4 ? '*'.repeat(text.length) : `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/** Runs of six digits or more in a text (a bank account in a database error's detail) keep their last four. */
const maskDigitRuns = (text: string) => text.replace(/\d{6,}/g, (run) => maskAccount(run));

/** Query parameters never logged with the URL (a link that carries a token or a code). */
const SECRET_QUERY = /^(token|access_token|code|otp|password|signature|sig|key|secret|auth)$/i;

function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of [...params.keys()]) {
    if (SECRET_QUERY.test(name)) {
      params.set(name, 'redacted');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

/**
 * A request id a caller (the load balancer, another service) may hand us in `X-Request-Id`: a short
 * token of letters, digits and `._:-`, so that it cannot forge log lines or fill them. Anything
 * else is replaced by a fresh UUID.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Pino's options for the app (JSON lines; each request's lines carry its `reqId`, Fastify's
 * child logger): what a request line shows (method, URL with secret query values replaced, host,
 * address; never its headers or body), and the redaction of any logged object's secrets.
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [...anywhere(SECRET_KEYS), ...anywhere(ACCOUNT_KEYS)],
      censor: (value: unknown, path: string[]) => (ACCOUNT_KEYS.includes(path[path.length - 1]) ? maskAccount(value) : REDACTED),
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
      err: (error: Error) => {
        const serialized: { [key: string]: unknown; type: string; message: string; stack: string } = { ...stdSerializers.err(error) };
        // PostgreSQL's errors name the values a constraint refused ("Key (bank_account_no)=(...)").
        for (const field of ['message', 'stack', 'detail']) {
          if (typeof serialized[field] === 'string') serialized[field] = maskDigitRuns(serialized[field]);
        }
        return serialized;
      },
    },
  };
}
