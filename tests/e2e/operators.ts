import fs from 'node:fs';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { ADMIN_AUTHENTICATOR, OPERATOR_KEYS, RESULTS_DIR, SHARED_LOG } from './harness';
import type { Page } from 'playwright-core';
import { api, chooseLanguage, type Locale } from './support';

/**
 * Back-office operators for the journeys. The sandbox seeds one admin at first start and prints
 * its password in the server log; whichever file signs it in first enrols its authenticator, so
 * the key is kept in a file beside the log for the files that come after (vitest does not run
 * them in a fixed order). A code is accepted once per 30 s step, so the next code waits for a
 * step that has not been used.
 */
const STEP_MS = 30_000;

/** A seeded operator's password (the admin's unless told), as an operator reads it in the log of the first start (the shared server's unless told). */
export function seedPassword(logName = SHARED_LOG, operator = 'admin'): string {
  const log = fs.readFileSync(path.join(RESULTS_DIR, logName), 'utf8');
  const line = log.split('\n').find((l) => l.includes(`"operator":"${operator}"`) && l.includes('"sandboxPassword"'));
  if (!line) throw new Error('the server log has no seeded operator');
  return (JSON.parse(line) as { sandboxPassword: string }).sandboxPassword;
}

/** The code an authenticator app shows for the key now. */
export const codeFor = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** Keeps the key the admin enrolled with, for the next sign-in. */
export function rememberAdminKey(secret: string) {
  fs.writeFileSync(ADMIN_AUTHENTICATOR, JSON.stringify({ secret, lastStep: 0 }));
}

/**
 * The code for the first step after `lastStep` the server still takes: it accepts one step of
 * drift either way and each step once, in order, so up to two sign-ins in one 30 s step need no
 * wait (this one's and the next's); a third waits for the next step to begin.
 */
async function unusedCode(secret: string, lastStep: number): Promise<{ code: string; step: number }> {
  const stepNow = () => Math.floor(Date.now() / STEP_MS);
  const step = Math.max(stepNow(), lastStep + 1);
  if (step > stepNow() + 1) await new Promise((r) => setTimeout(r, (step - 1) * STEP_MS - Date.now() + 200));
  return { code: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: step * STEP_MS }), step };
}

/** A code for the seeded admin that no earlier sign-in has used. */
export async function adminCode(): Promise<string> {
  const kept = JSON.parse(fs.readFileSync(ADMIN_AUTHENTICATOR, 'utf8')) as { secret: string; lastStep: number };
  const { code, step } = await unusedCode(kept.secret, kept.lastStep);
  fs.writeFileSync(ADMIN_AUTHENTICATOR, JSON.stringify({ ...kept, lastStep: step }));
  return code;
}

/** Whether the seeded admin has enrolled an authenticator in this run. */
export const adminEnrolled = () => fs.existsSync(ADMIN_AUTHENTICATOR);

type LoginAnswer = { step: 'enrol'; secret: string } | { step: 'code' } | { step: 'signedIn'; token: string };

/** An operator's session through the login API: the password, then (enrolling on the first login) the code. */
async function signInByApi(username: string, password: string, code: (secret?: string) => Promise<string>): Promise<string> {
  const first = await api<LoginAnswer>('POST', '/api/admin/login', { username, password });
  if (first.status !== 200) throw new Error(`operator login refused: ${JSON.stringify(first.body)}`);
  const secret = first.body.step === 'enrol' ? first.body.secret : undefined;
  const signed = await api<LoginAnswer>('POST', '/api/admin/login', { username, password, code: await code(secret) });
  if (signed.status !== 200 || signed.body.step !== 'signedIn') throw new Error(`operator code refused: ${JSON.stringify(signed.body)}`);
  return signed.body.token;
}

/** The seeded admin's session token. */
export const adminToken = () =>
  signInByApi('admin', seedPassword(), async (secret) => {
    if (secret) rememberAdminKey(secret);
    return adminCode();
  });

/** A new operator with the role, created by the admin and signed in: its session's headers. */
export async function operatorWithRole(role: 'support' | 'finance' | 'admin', username: string): Promise<Record<string, string>> {
  const admin = { authorization: `Bearer ${await adminToken()}` };
  const password = `Lotus-${role}-Harbour-${Date.now()}`;
  const created = await api('POST', '/api/admin/operators', { username, name: `${role} desk`, role, password }, admin);
  if (created.status !== 200) throw new Error(`operator not created: ${JSON.stringify(created.body)}`);
  const token = await signInByApi(username, password, async (secret) => codeFor(secret!));
  return { authorization: `Bearer ${token}` };
}

/**
 * Authenticator keys of the seeded operators other than the admin (the checker) that some file of
 * this group enrolled, with the last step used, kept in a file as the admin's is: whichever file
 * signs the checker in first enrols it, the others use its key.
 */
type Keys = Record<string, { secret: string; lastStep: number }>;
const readKeys = (): Keys => (fs.existsSync(OPERATOR_KEYS) ? (JSON.parse(fs.readFileSync(OPERATOR_KEYS, 'utf8')) as Keys) : {});
const writeKeys = (keys: Keys) => fs.writeFileSync(OPERATOR_KEYS, JSON.stringify(keys));

/** A code for an enrolled operator that no earlier sign-in has used. */
async function freshCode(username: string): Promise<string> {
  const kept = readKeys()[username]!;
  const { code, step } = await unusedCode(kept.secret, kept.lastStep);
  writeKeys({ ...readKeys(), [username]: { ...kept, lastStep: step } });
  return code;
}

/**
 * A code for an action that asks the seeded operator again (the second approval of a payout): a
 * step no sign-in or earlier action has used, since the server accepts each step once.
 */
export const actionCode = (username: string): Promise<string> => (username === 'admin' ? adminCode() : freshCode(username));

/**
 * Signs an operator in through the console in a language: the password, then the code (enrolling
 * the QR's key on the first login). The seeded admin's key is shared by every file (adminCode);
 * the checker's in the group's operator-keys file.
 */
export async function signInConsole(p: Page, username: string, password: string, strings: { admin: { login: Record<string, string> } }, locale: Locale) {
  await p.goto('/admin');
  await p.waitForURL('**/admin/login');
  await chooseLanguage(p, locale);
  const login = strings.admin.login;
  await p.getByLabel(login.username).fill(username);
  await p.getByLabel(login.password).fill(password);
  await p.getByRole('button', { name: login.next }).click();
  const isAdmin = username === 'admin';
  const known = isAdmin ? adminEnrolled() : username in readKeys();
  if (!known) {
    await p.getByRole('img', { name: login.qrAlt }).waitFor();
    const secret = await p.getByTestId('totp-secret').innerText();
    if (isAdmin) rememberAdminKey(secret);
    else writeKeys({ ...readKeys(), [username]: { secret, lastStep: 0 } });
  }
  await p.getByLabel(login.code).fill(isAdmin ? await adminCode() : await freshCode(username));
  await p.getByRole('button', { name: login.submit }).click();
  await p.getByTestId('operator-name').waitFor();
}
