/**
 * ANTS's "Status and Error codes" (https://apidoc.ants.co.th/api-sms-1/status, English v1.0.0, and
 * the Thai v1.0.0 page for COMPLETED), as far as it could be read: the general statuses, and the
 * codes under them. A status object is `{ code, name, description }`: `name` is the general
 * status and decides whether ANTS took the message; `code` says why.
 */

/**
 * The general statuses. Taken: ANTS accepted the message (ACCEPTED, PENDING), already delivered it
 * (DELIVERED) or finished it (COMPLETED, listed on the Thai page only). Not taken: it will not
 * reach the phone.
 */
export const ANTS_GENERAL_STATUSES = {
  ACCEPTED: { code: 0, sent: true },
  PENDING: { code: 1, sent: true },
  UNDELIVERED: { code: 2, sent: false },
  DELIVERED: { code: 3, sent: true },
  EXPIRED: { code: 4, sent: false },
  REJECTED: { code: 5, sent: false },
  COMPLETED: { code: 6, sent: true },
} as const;

/**
 * The codes the tables list, in our words. 000 to 102 are listed under PENDING, 204 to 209 under
 * the next table (UNDELIVERED); 209's description and every code after it could not be read, so
 * they are named by their number and the answer's own description.
 */
export const ANTS_STATUS_CODES: Record<string, string> = {
  '000': 'acknowledged by the operator',
  '101': 'accepted by ANTS',
  '102': 'ready for the operator',
  '204': 'ANTS system error, send again',
  '206': 'malformed request',
  '207': 'authentication failed',
  '208': 'service blocked',
};

/** The HTTP statuses the document names for its calls (ACCOUNT, "Response Status"). */
export const ANTS_HTTP_STATUSES: Record<number, string> = {
  401: 'unauthorized: wrong username or password',
  429: 'too many requests',
};

/** Whether a status object means ANTS took the message, and its name, code and meaning for the log. */
export function antsStatusOf(status: { code?: string | number; name: string; description?: string }): { sent: boolean; named: string } {
  const general = ANTS_GENERAL_STATUSES[status.name as keyof typeof ANTS_GENERAL_STATUSES];
  const code = status.code === undefined ? undefined : String(status.code).padStart(3, '0');
  const meaning = (code && ANTS_STATUS_CODES[code]) ?? status.description;
  const named = [general ? status.name : `unknown status ${status.name}`, code, meaning && `(${meaning})`].filter(Boolean).join(' ');
  return { sent: general?.sent ?? false, named };
}
