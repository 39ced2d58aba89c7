import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decimalTextToMinor, endpoints, IDEMPOTENCY_REPLAYED_HEADER, SLIP_MAX_BYTES, toMinor, type QrProvider } from '../../../contract';
import type { AppContext } from '../../context';
import { refuse } from '../../errors';
import { contractRoute } from '../../http/contract-route';
import type { QrChannel } from '../../providers/gateways/adapter';
import type { BankFeed } from '../../providers/bank-feed/adapter';
import { verifySignature } from '../../providers/signing';
import { refuseImplausibleTransferTime } from './arrival-time';
import type { BankArrivals } from './bank-arrivals';
import type { QrDeposits } from './qrcodes';
import { slipImageType } from './slip-reader';
import type { Slips } from './slips';
import type { TrueWalletDeposits } from './truewallet';
import type { DepositNotices } from './notices';
import type { TrueWalletTransfers } from './truewallet-transfers';
import type { TrueWalletTransferFeed } from '../../providers/truewallet/transfer-feed';
import { sendStoredAnswer } from '../../http/stored-answer';

export interface DepositServices {
  slips: Slips;
  qr: QrDeposits;
  truewallet: TrueWalletDeposits;
  channel: (provider: QrProvider) => QrChannel;
  /** The secret a provider's payment notifications are signed with. */
  webhookSecret: (provider: QrProvider) => string;
  /** Incoming transfers reported by the banks' feeds. */
  arrivals: BankArrivals;
  bankFeed: BankFeed;
  notices: DepositNotices;
  /** Incoming transfers to our AUTO-mode True Wallets, reported by True Wallet. */
  walletTransfers: TrueWalletTransfers;
  trueWalletFeed: TrueWalletTransferFeed;
}

type RawRequest = FastifyRequest & { rawBody?: string };

export function registerDepositRoutes(app: FastifyInstance, ctx: AppContext, s: DepositServices) {
  const g = ctx.guards;

  // Slip upload: multipart, one file in the field `file`, png or jpeg by its bytes.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: SLIP_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
    contractRoute(scope, g, endpoints.walletSlip, async ({ member, idempotencyKey, request, reply }) => {
      if (!request.isMultipart()) refuse('SLIP_NO_FILE');
      const file = await request.file();
      if (!file || file.fieldname !== 'file') refuse('SLIP_NO_FILE');
      // Throws FST_REQ_FILE_TOO_LARGE (FILE_TOO_LARGE) past the limit.
      const image = await file!.toBuffer();
      if (image.length === 0) refuse('SLIP_NO_FILE');
      const type = slipImageType(image);
      if (!type) refuse('SLIP_INVALID_FILE');
      const { slip, replayed } = await s.slips.upload({ memberId: member.memberId, key: idempotencyKey, image, type: type! });
      if (replayed) reply.header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
      return slip;
    });
  });

  contractRoute(app, g, endpoints.walletTruelink, async ({ member, body, idempotencyKey, reply }) =>
    sendStoredAnswer(reply, await s.truewallet.deposit({ memberId: member.memberId, key: idempotencyKey, link: body.link })));

  // "I have transferred": a notice for matching, which credits nothing.
  contractRoute(app, g, endpoints.walletAdd, async ({ member, body, idempotencyKey, reply }) =>
    sendStoredAnswer(reply, await s.notices.notify({ memberId: member.memberId, key: idempotencyKey, amount: toMinor(body.amount) })));
  contractRoute(app, g, endpoints.walletNotices, ({ member }) => s.notices.forMember(member.memberId));

  contractRoute(app, g, endpoints.qrcodeGet, ({ member, params }) => s.qr.current(member.memberId, params.bankCode));
  contractRoute(app, g, endpoints.qrcodeCreate, ({ member, params, body }) => s.qr.create(member.memberId, params.bankCode, toMinor(body.amount)));
  contractRoute(app, g, endpoints.qrcodeDelete, async ({ member, params }) => {
    await s.qr.cancel(member.memberId, params.qrcodeId, s.channel);
    return { message: 'OK' as const };
  });

  contractRoute(app, g, endpoints.statementSlips, ({ member, body }) => s.slips.page(member.memberId, body));
  contractRoute(app, g, endpoints.statementSlipReference, async ({ member, params }) => ({ url: await s.slips.imageUrl(member.memberId, params.reference) }));

  // Payment notifications: the signature covers the exact bytes received.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      (request as RawRequest).rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('bad json'), { statusCode: 400 }), undefined);
      }
    });
    contractRoute(scope, g, endpoints.gatewayWebhook, async ({ params, body, request }) => {
      const signed = verifySignature(
        s.webhookSecret(params.provider),
        request.headers['x-timestamp'] as string | undefined,
        (request as RawRequest).rawBody ?? '',
        request.headers['x-signature'] as string | undefined,
      );
      if (!signed) refuse('UNAUTHORIZED', 'bad webhook signature');
      const paidAt = new Date(body.paidAt);
      if (Number.isNaN(paidAt.getTime())) refuse('INVALID_INPUT', 'paidAt is not a date');
      await s.qr.confirm(params.provider, { orderId: body.orderId, reference: body.reference, amount: decimalTextToMinor(body.amount), currency: body.currency, paidAt });
      return { message: 'OK' as const };
    });
    contractRoute(scope, g, endpoints.bankTransferWebhook, async ({ params, body, request }) => {
      const signed = s.bankFeed.authentic(params.bankCode, {
        timestamp: request.headers['x-timestamp'] as string | undefined,
        signature: request.headers['x-signature'] as string | undefined,
        rawBody: (request as RawRequest).rawBody ?? '',
      });
      if (!signed) refuse('UNAUTHORIZED', 'bad bank feed signature');
      const transferredAt = new Date(body.transferredAt);
      refuseImplausibleTransferTime(transferredAt, ctx.clock.now(), (await ctx.lookups.slip()).uploadWithinMinutes);
      const arrival = await s.arrivals.receive({
        bankCode: params.bankCode, account: body.account, reference: body.reference, amount: BigInt(body.amount), currency: body.currency,
        senderBank: body.senderBank, senderAccount: body.senderAccount, senderName: body.senderName || null, transferredAt,
      });
      return { message: 'OK' as const, status: arrival.status };
    });
    contractRoute(scope, g, endpoints.trueWalletTransferWebhook, async ({ body, request }) => {
      const signed = s.trueWalletFeed.authentic({
        timestamp: request.headers['x-timestamp'] as string | undefined,
        signature: request.headers['x-signature'] as string | undefined,
        rawBody: (request as RawRequest).rawBody ?? '',
      });
      if (!signed) refuse('UNAUTHORIZED', 'bad True Wallet signature');
      const transferredAt = new Date(body.transferredAt);
      refuseImplausibleTransferTime(transferredAt, ctx.clock.now(), (await ctx.lookups.slip()).uploadWithinMinutes);
      const arrival = await s.walletTransfers.receive({
        account: body.account, reference: body.reference, amount: BigInt(body.amount), senderPhone: body.senderPhone,
        senderName: body.senderName || null, transferredAt,
      });
      return { message: 'OK' as const, status: arrival.status };
    });
  });
}
