import { startStandIn, type StandIn, type StandInReply } from './stand-in';

/**
 * ThaiBulkSMS API v2's send-SMS answers, shaped as the public clients restate the document
 * (developer.thaibulksms.com): a success lists each number sent and each refused; an error is
 * `{ error: { code, name, description } }`.
 */
export const thaiBulkSent = (msisdn: string): StandInReply => ({
  status: 201,
  json: {
    remaining_credit: 998,
    total_use_credit: 2,
    credit_type: 'corporate',
    phone_number_list: [{ number: msisdn, message_id: 'Mj4UJtLpnR9cy2t8aVKbDE', used_credit: 2 }],
    bad_phone_number_list: [],
  },
});

export const thaiBulkBadNumber = (msisdn: string): StandInReply => ({
  status: 201,
  json: {
    remaining_credit: 1000,
    total_use_credit: 0,
    credit_type: 'corporate',
    phone_number_list: [],
    bad_phone_number_list: [{ number: msisdn, message: 'Invalid phone number' }],
  },
});

/**
 * Errors in the shape the public clients read. The codes 106 and 109 and their names are ours: no
 * ThaiBulkSMS error code table could be found (developer.thaibulksms.com could not be read, and its
 * official client github.com/thaibulksms/tbs, src/client.ts, only passes non-2xx answers on as
 * text). The adapter reads no code: any `error` answer is a failure, so these stand for "some refusal".
 */
export const THAIBULK_ERRORS = {
  unauthorized: { status: 401, json: { error: { code: 401, name: 'UNAUTHORIZED', description: 'Invalid api key or secret' } } },
  badSender: { status: 400, json: { error: { code: 106, name: 'ERROR_SENDER_NAME', description: 'Sender name is not approved' } } },
  noCredit: { status: 400, json: { error: { code: 109, name: 'ERROR_CREDIT_NOT_ENOUGH', description: 'Credit is not enough' } } },
  serverError: { status: 500, json: { error: { code: 500, name: 'INTERNAL_SERVER_ERROR', description: 'Internal server error' } } },
} satisfies Record<string, StandInReply>;

/** The stand-in: wrong basic credentials are 401, as at ThaiBulkSMS; otherwise it answers `reply()`. */
export function startThaiBulkSms(key: string, secret: string, reply: () => StandInReply): Promise<StandIn> {
  const expected = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
  return startStandIn((request) => (request.headers.authorization === expected ? reply() : THAIBULK_ERRORS.unauthorized));
}
