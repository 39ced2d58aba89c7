import { randomUUID } from 'node:crypto';
import CryptoJS from 'crypto-js';
import type { FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { SANDBOX_TRUEWALLET_LINK_KEY } from '../../../src/contract';
import { endpoints, type QrProvider } from '../../../src/contract';
import { clientHeaders } from './app';
import { contractCaller } from './contract-call';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipart(file: Buffer, options: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = `----slip${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'slip.png'}"\r\n` +
    `Content-Type: ${options.type ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The gift link encrypted as the client does it: crypto-js AES, passphrase mode. */
export const encryptLink = (link: string, key = SANDBOX_TRUEWALLET_LINK_KEY) => CryptoJS.AES.encrypt(link, key).toString();

/** The text a QR image (a PNG data URL or buffer) carries, read back with jsQR. */
export function readQrImage(image: string | Buffer): string | undefined {
  const png = PNG.sync.read(typeof image === 'string' ? Buffer.from(image.replace(/^data:image\/png;base64,/, ''), 'base64') : image);
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height)?.data;
}

/** A plain PNG with nothing on it. */
export function blankPng(width = 300, height = 400): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(255);
  return PNG.sync.write(png);
}

/** Domain verbs for deposit tests: one member's deposit calls, each with its own idempotency key. */
export function depositClient(app: FastifyInstance, token: string) {
  const headers = (extra: Record<string, string> = {}) => clientHeaders(token, extra);
  const call = contractCaller(app, token);
  return {
    uploadSlip: (file: Buffer, options: Parameters<typeof multipart>[1] & { key?: string } = {}) => {
      const body = multipart(file, options);
      return app.inject({
        method: 'POST', url: '/api/wallet/slip', payload: body.payload,
        headers: headers({ 'content-type': body.contentType, 'idempotency-key': options.key ?? randomUUID() }),
      });
    },
    truelink: (link: string, key?: string) => call(endpoints.walletTruelink, { body: { link }, key }),
    qrGet: (bankCode: string) => call(endpoints.qrcodeGet, { params: { bankCode: bankCode as QrProvider } }),
    qrCreate: (bankCode: string, amount: number) => call(endpoints.qrcodeCreate, { params: { bankCode: bankCode as QrProvider }, body: { amount } }),
    qrDelete: (qrcodeId: string) => call(endpoints.qrcodeDelete, { params: { qrcodeId } }),
    slips: (page = 1, limit = 10) => call(endpoints.statementSlips, { body: { page, limit } }),
    slipImage: (reference: string) => call(endpoints.statementSlipReference, { params: { reference } }),
    statement: (page = 1, limit = 10) => call(endpoints.statementList, { body: { page, limit } }),
    lookup: () => call(endpoints.lookupDeposit),
  };
}

/** The sandbox's deposit simulators. */
export function sandbox(app: FastifyInstance) {
  return {
    /** A slip PNG of the sandbox bank for a transfer of `amount`. */
    async slip(amount: number, body: { bankAccountNo?: string; sendingBank?: string } = {}): Promise<{ png: Buffer; reference: string }> {
      const res = await app.inject({ method: 'POST', url: '/api/sandbox/slips', payload: { amount, ...body } });
      if (res.statusCode !== 200) throw new Error(`sandbox slip: ${res.body}`);
      return { png: res.rawPayload, reference: res.headers['x-slip-reference'] as string };
    },
    pay: (qrcodeId: string) => app.inject({ method: 'POST', url: `/api/sandbox/qrcode/${qrcodeId}/pay` }),
    async voucher(amount: number, tickets?: number): Promise<{ link: string; voucherId: string }> {
      const res = await app.inject({ method: 'POST', url: '/api/sandbox/truewallet/vouchers', payload: { amount, ...(tickets ? { tickets } : {}) } });
      if (res.statusCode !== 200) throw new Error(`sandbox voucher: ${res.body}`);
      return res.json();
    },
  };
}

/** Gives the member an active bonus (the bonus issue will do this through its own calls). */
export async function activateBonus(app: FastifyInstance, memberId: number) {
  await app.ctx.db.insertInto('member_bonus').values({ member_id: memberId, code: 'TEST', status: 'active', ended_at: null }).execute();
}

export async function endBonus(app: FastifyInstance, memberId: number) {
  await app.ctx.db.updateTable('member_bonus').set({ status: 'ended', ended_at: new Date() })
    .where('member_id', '=', memberId).where('status', '=', 'active').execute();
}
