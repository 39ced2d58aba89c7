import type { FastifyInstance } from 'fastify';
import { clientHeaders } from './app';
import { seedMember } from './members';

let counter = 0;
const unique = () => {
  counter += 1;
  return `${process.pid % 1000}`.padStart(3, '0') + `${counter}`.padStart(5, '0');
};

/** A Thai phone number no other test in this process uses. */
export const nextPhone = () => `09${unique()}`;
/** A bank account number no other test in this process uses. */
export const nextAccountNo = () => `7${unique()}1`;
let ipCounter = 0;
/** A client address of its own, so per-address limits of one test do not reach another. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${(process.pid >> 8) % 250}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
};

export const post = (app: FastifyInstance, url: string, payload: object, ip = '127.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });

export const sendOtp = (app: FastifyInstance, phoneNumber: string, ip: string) => post(app, '/api/otp/send', { phoneNumber }, ip);

/** The newest sandbox SMS to a phone. */
export async function latestSms(app: FastifyInstance, phone: string) {
  const res = await app.inject({ method: 'GET', url: `/api/sandbox/sms?phone=${encodeURIComponent(phone)}` });
  return res.json().messages[0] as { to: string; text: string; code: string; createdAt: string } | undefined;
}

/** Sends a code to the phone and verifies it from the same address; returns the OTP token. */
export async function verifyPhone(app: FastifyInstance, phone: string, ip: string): Promise<string> {
  const sent = await sendOtp(app, phone, ip);
  if (sent.statusCode !== 200) throw new Error(`otp send: ${sent.body}`);
  const { otpToken } = sent.json();
  const sms = await latestSms(app, phone);
  const verified = await post(app, '/api/otp/verify', { otpToken, otpCode: sms!.code }, ip);
  if (verified.statusCode !== 200) throw new Error(`otp verify: ${verified.body}`);
  return otpToken;
}

export interface RegistrationBody {
  name: string;
  username: string;
  password: string;
  sourceCode?: string;
  inviteCode?: string;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  currency?: 'LAK' | 'BAHT';
  otpToken?: string;
}

export const registration = (overrides: Partial<RegistrationBody> = {}): RegistrationBody => ({
  name: 'Somchai Jaidee',
  username: nextPhone(),
  password: 'secret123',
  sourceCode: 'FACEBOOK',
  inviteCode: '',
  bankCode: 'SCB',
  bankAccountName: 'SOMCHAI JAIDEE',
  bankAccountNo: nextAccountNo(),
  ...overrides,
});

export const register = (app: FastifyInstance, body: RegistrationBody, ip = nextIp()) => post(app, '/api/account', body, ip);

export const login = (app: FastifyInstance, username: string, password: string, ip = nextIp(), remember?: boolean) =>
  post(app, '/api/login', { username, password, ...(remember === undefined ? {} : { remember }) }, ip);

/** Registers a member (OTP verified first when registration asks for it) and logs in. */
export async function registerAndLogin(app: FastifyInstance, overrides: Partial<RegistrationBody> = {}) {
  const ip = nextIp();
  const body = registration(overrides);
  const otpToken = (await app.ctx.settings.get('registerOTP', true)) ? await verifyPhone(app, body.username, ip) : undefined;
  const created = await register(app, { ...body, otpToken }, ip);
  if (created.statusCode !== 200) throw new Error(`register: ${created.body}`);
  const res = await login(app, body.username, body.password, ip);
  if (res.statusCode !== 200) throw new Error(`login: ${res.body}`);
  const member = await app.ctx.db.selectFrom('member').select('id').where('username', '=', body.username).executeTakeFirstOrThrow();
  return { ...body, id: member.id, token: res.json().token as string, headers: clientHeaders(res.json().token) };
}

/** A member straight in the database (see seedMember) whose password is `password`. */
export async function seedMemberWithPassword(
  app: FastifyInstance,
  password: string,
  overrides: Parameters<typeof seedMember>[1] = {},
) {
  const member = await seedMember(app, overrides);
  await app.ctx.db.updateTable('member').set({ password_hash: await app.ctx.passwords.hash(password) }).where('id', '=', member.id).execute();
  return { ...member, password, headers: clientHeaders(member.token) };
}
