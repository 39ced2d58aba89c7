import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { chatSocket } from './helpers/chat';
import { freshDatabase, type TestDatabase } from './helpers/db';
import { startServer, stopServer, type ServerProcess } from './helpers/server-process';

/**
 * Scale-out (ARCHITECTURE.md): two server processes on one PostgreSQL and one Redis behave as
 * one. A member connected to the first receives the operator's answer sent through the second.
 * Runs with TEST_DATABASE_URL (as the PostgreSQL tests do); Redis at TEST_REDIS_URL or
 * 127.0.0.1:6379, and fails rather than skips when either is unreachable.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The sandbox's seeded admin's first password, chosen here (the server would print a random one). */
const ADMIN_PASSWORD = 'two-Nodes-Harbour-47-quietly';

const call = async (base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'x-client': 'member-wallet', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
};

/** A member registered through node A (OTP from the sandbox inbox when registration asks for it), logged in. */
async function registerMember(base: string) {
  const phone = `08${String(Date.now()).slice(-8)}`;
  const { registerOTP } = await call(base, 'GET', '/api/lookup/registerOTP');
  let otpToken: string | undefined;
  if (registerOTP) {
    const sent = await call(base, 'POST', '/api/otp/send', { phoneNumber: phone });
    otpToken = sent.otpToken;
    const inbox = await call(base, 'GET', `/api/sandbox/sms?phone=${phone}`);
    await call(base, 'POST', '/api/otp/verify', { otpToken, otpCode: inbox.messages[0].code });
  }
  await call(base, 'POST', '/api/account', {
    name: 'Two Nodes', username: phone, password: 'secret-123', bankCode: 'SCB',
    bankAccountName: 'TWO NODES', bankAccountNo: `52${phone.slice(-8)}`, ...(otpToken ? { otpToken } : {}),
  });
  const { token } = await call(base, 'POST', '/api/login', { username: phone, password: 'secret-123' });
  return token as string;
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('chat across two server processes on one PostgreSQL and one Redis', () => {
  let database: TestDatabase;
  let storageDir: string;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    await database.database.close();
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-nodes-'));
    const env = { DATABASE_URL: database.url!, REDIS_URL, ADMIN_SEED_PASSWORD: ADMIN_PASSWORD, CHAT_STORAGE_DIR: storageDir, RECONCILE_INTERVAL_MS: '0' };
    // One after the other: the first applies the migrations.
    a = await startServer(env);
    b = await startServer(env);
  }, 330_000);

  afterAll(async () => {
    await stopServer(a);
    await stopServer(b);
    await database?.drop();
    if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
  }, 60_000);

  it("delivers an operator's answer sent through node B to the member connected to node A", async () => {
    const token = await registerMember(a!.url);
    const live = await chatSocket(a!.url, { token });
    try {
      expect(live.joined.ok).toBe(true);
      const auth = { authorization: `Bearer ${token}` };
      await call(a!.url, 'POST', '/api/chat/send-message', { message: { message_type: 'text', payload: 'hello from node A' } }, auth);

      // The seeded admin signs in through node B, enrolling an authenticator on this first login.
      const credentials = { username: 'admin', password: ADMIN_PASSWORD };
      const { secret } = await call(b!.url, 'POST', '/api/admin/login', credentials);
      const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
      const signed = await call(b!.url, 'POST', '/api/admin/login', { ...credentials, code });
      const operator = { authorization: `Bearer ${signed.token}` };
      const { conversations } = await call(b!.url, 'GET', '/api/admin/chat/conversations', undefined, operator);
      const mine = conversations.find((c: { lastMessage: { message: { payload: string } } | null }) => c.lastMessage?.message.payload === 'hello from node A');
      expect(mine).toMatchObject({ unread: 1 });
      const sent = await call(b!.url, 'POST', `/api/admin/chat/conversations/${mine._id}/messages`, { message: { message_type: 'text', payload: 'answer from node B' } }, operator);

      const arrived = await live.waitFor((m) => m._id === sent._id, 10_000);
      expect(arrived).toMatchObject({ sender: 'operator', message: { message_type: 'text', payload: 'answer from node B' } });
      // And node A's history has it: one database.
      const { messages } = await call(a!.url, 'POST', '/api/chat/history', { limit: 10, skip: 0 }, auth);
      expect(messages.map((m: { _id: string }) => m._id)).toContain(sent._id);
    } finally {
      live.socket.disconnect();
    }
  }, 60_000);
});
