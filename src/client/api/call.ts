import { deviceId } from '../auth/deviceId';
import { getToken } from '../auth/storage';
import { callLanguage } from './answers';
import { connectivity } from './connectivity';
import { createHttp } from './http';
import { endMemberSession } from './memberSession';

export { fillPath, newIdempotencyKey, type CallOptions } from './request';

/**
 * The member app's client: the member's stored token, the member's language, this device's id, and an ended
 * session sends the member to /login or /terminated (./memberSession.ts), and the page's connection
 * (./connectivity.ts) hears of every answer and of every call that got none. The console makes its
 * own from the same factory (src/client/admin/api.ts).
 */
const memberHttp = createHttp({ tokenSource: getToken, onSessionEnd: endMemberSession, language: callLanguage, deviceId, connection: connectivity });

/** Calls one contract endpoint as the member: `call(endpoints.login, { body: { username, password } })`. */
export const call = memberHttp.call;

/** The member's axios instance, for uploads with progress and file blobs (the chat). */
export const http = memberHttp.axios;
