import { startStandIn, type StandIn, type StandInReply } from './stand-in';

/**
 * ANTS's Send Message answers (https://apidoc.ants.co.th, English v1.0.0). The Send Message page's
 * own response example could not be read; these take the fields its Callback Delivery Report and
 * Message Logs pages list for each destination (`messageId`, `to`, `from`, `text`, `credit`,
 * `status`), and the status objects the "Status and Error codes" page shows
 * (`{ code, name, description }`, its codes and descriptions as written there).
 */
const status = (name: string, code?: string, description?: string) => ({ ...(code ? { code } : {}), name, ...(description ? { description } : {}) });

/** ANTS answers for one destination, with the status it gives it. */
export const antsAnswer = (to: string, statusObject: ReturnType<typeof status>): StandInReply => ({
  status: 200,
  json: {
    details: [{ messageId: 'f6d4a3e2-1b7c-4c1e-9a0b-5d2e8c7f3a10', to, from: 'WALLET', text: '…', credit: 1, status: statusObject }],
  },
});

/** Accepted: the PENDING table's 101. */
export const antsAccepted = (to: string) => antsAnswer(to, status('PENDING', '101', 'Pending - Message has been accepted by the system'));

/** Every other status the document lists, with the codes its tables give. */
export const ANTS_STATUSES = {
  acknowledged: status('PENDING', '000', 'Message acknowledged by SMSC'),
  processed: status('PENDING', '102', 'Process - Message has been processed, and is ready to be sent to the next instance i.e. operator / Send to operator success'),
  accepted: status('ACCEPTED', undefined, 'Message is accepted.'),
  delivered: status('DELIVERED', '000', 'Successfully sent to phone'),
  completed: status('COMPLETED'),
  systemError: status('UNDELIVERED', '204', 'Error - The request has been rejected due to an expected system error, please retry submission or contact our technical support team for more details'),
  malformed: status('UNDELIVERED', '206', 'Malformed XML'),
  authentication: status('UNDELIVERED', '207', 'Authentication failed'),
  blocked: status('UNDELIVERED', '208', 'Service blocked'),
  expired: status('EXPIRED', undefined, 'Message is expired.'),
  rejected: status('REJECTED', undefined, 'Message is rejected.'),
};

/**
 * HTTP refusals the document names (ACCOUNT, "Response Status"): 401 without authorization, 429 too
 * many requests. Their bodies are not shown there; these are plain text.
 */
export const ANTS_HTTP_REFUSALS = {
  unauthorized: { status: 401, text: 'Unauthorized' },
  tooManyRequests: { status: 429, text: 'Too Many Requests' },
} satisfies Record<string, StandInReply>;

/** The stand-in: wrong basic credentials are 401, as at ANTS; otherwise it answers `reply()`. */
export function startAnts(username: string, password: string, reply: () => StandInReply): Promise<StandIn> {
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  return startStandIn((request) => (request.headers.authorization === expected ? reply() : ANTS_HTTP_REFUSALS.unauthorized));
}
