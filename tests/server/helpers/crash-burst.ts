import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../../src/contract';
import type { DB } from '../../../src/server/db/schema';
import type { Player } from './players';
import { killServer, type ServerProcess } from './server-process';

/** A transfer the server answered 200: what the client sent, and the answer it got. */
export interface Acknowledged {
  memberId: number;
  request: string;
  body: string;
}

/** One wallet transfer to a server process, as the member's client sends it. */
export const postTransfer = (server: ServerProcess, player: Player, key: string, request: string) =>
  fetch(`${server.url}/api/wallet/transfer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${player.token}`, 'idempotency-key': key },
    body: request,
  });

/**
 * Two lanes per member moving small sums between the wallet and the game `code`, each under a
 * new key, until the server dies; the server is SIGKILLed in the middle, once `acknowledgements`
 * transfers were answered 200 (or after 30 s on a slow machine). Answers the acknowledged ones.
 */
export async function burstThenKill(server: ServerProcess, members: Player[], code: string, acknowledgements: number): Promise<Map<string, Acknowledged>> {
  const acknowledged = new Map<string, Acknowledged>();
  let killed = false;
  const burst = members.flatMap((m) => [0, 1].map(async (lane) => {
    for (let n = 0; !killed; n++) {
      const key = randomUUID();
      const toGame = (n + lane) % 2 === 0;
      const request = JSON.stringify({ from: toGame ? 'wallet' : code, to: toGame ? code : 'wallet', amount: 1 + (n % 7) });
      try {
        const res = await postTransfer(server, m, key, request);
        const body = await res.text();
        if (res.status === 200) acknowledged.set(key, { memberId: m.id, body, request });
      } catch {
        return; // the server is gone
      }
    }
  }));
  const burstEnds = Promise.all(burst);
  const deadline = Date.now() + 30_000;
  while (acknowledged.size < acknowledgements && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(acknowledged.size).toBeGreaterThan(0);
  await killServer(server);
  killed = true;
  await burstEnds;
  return acknowledged;
}

/**
 * Every acknowledged transfer is settled in the ledger (one leg, settled) with the answer the
 * client got stored under its key, and a key sent again replays that answer byte for byte.
 */
export async function expectAcknowledgedKept(db: Kysely<DB>, server: ServerProcess, members: Player[], acknowledged: Map<string, Acknowledged>) {
  for (const [key, ack] of acknowledged) {
    const row = await db.selectFrom('idempotency_key').select(['state', 'response']).where('member_id', '=', ack.memberId).where('key', '=', key).executeTakeFirstOrThrow();
    expect(row.state).toBe('done');
    expect(row.response).toEqual(JSON.parse(ack.body));
    const legs = await db.selectFrom('game_transfer').select('status').where('member_id', '=', ack.memberId).where('idempotency_key', '=', key).execute();
    expect(legs.map((l) => l.status)).toEqual(['settled']);
  }
  const [someKey, someAck] = [...acknowledged][0];
  const replay = await postTransfer(server, members.find((m) => m.id === someAck.memberId)!, someKey, someAck.request);
  expect(replay.status).toBe(200);
  expect(replay.headers.get('idempotency-replayed')).toBe('true');
  expect(await replay.text()).toBe(someAck.body);
}

/** The transfers still pending when the server died (the reconciler of the next one resolves them). */
export const pendingTransfers = async (db: Kysely<DB>) =>
  (await db.selectFrom('game_transfer').select('id').where('status', '=', 'pending').execute()).length;
