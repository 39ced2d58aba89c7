import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { DEVICE_ID_HEADER, member360Endpoints as e } from '../../../src/contract';
import { login } from './accounts';
import { contractCaller } from './contract-call';

/** A device of its own: the id the member client makes once and keeps. */
export const newDevice = () => randomUUID();

/** Logs a member in from an address and a device (the X-Device-Id header), as the member client does. */
export async function signInFrom(app: FastifyInstance, member: { username: string; password: string }, where: { ip: string; device?: string }) {
  const res = await app.inject({
    method: 'POST', url: '/api/login', remoteAddress: where.ip,
    payload: { username: member.username, password: member.password },
    headers: where.device === undefined ? {} : { [DEVICE_ID_HEADER]: where.device },
  });
  if (res.statusCode !== 200) throw new Error(`login: ${res.body}`);
  return res.json().token as string;
}

export { login };

/** The back office's member 360 calls, by their contract entries. */
export function member360Client(app: FastifyInstance, token: string) {
  const call = contractCaller(app, token);
  return {
    overview: (id: number) => call(e.adminMemberOverview, { params: { id } }),
    review: (id: string) => call(e.adminWithdrawalReview, { params: { id } }),
    addTag: (id: number, tag: string) => call(e.adminAddMemberTag, { params: { id }, body: { tag } }),
    removeTag: (id: number, tag: string) => call(e.adminRemoveMemberTag, { params: { id, tag } }),
    addNote: (id: number, text: string) => call(e.adminAddMemberNote, { params: { id }, body: { text } }),
  };
}
