import { z } from 'zod';
import { endpoint, MINUTE_MS } from '../endpoint';
import { amountOutput } from '../money';
import { banner, isoDate, pageRequest, walletBalance } from './common';

const tag = 'invite';

export const inviteRow = z.object({ from: z.object({ name: z.string() }), amount: amountOutput, createdAt: isoDate });

export const inviteList = endpoint({
  method: 'POST', path: '/api/invite', access: 'member', tag,
  summary: 'A page of the invite bonuses earned from invited friends',
  body: pageRequest,
  response: z.object({ total: z.number().int(), invites: z.array(inviteRow) }),
});

export const inviteBonus = endpoint({
  method: 'GET', path: '/api/invite/bonus', access: 'member', tag,
  summary: 'Receive the collected invite bonus into the main wallet (a second call finds nothing to claim)',
  response: z.object({ message: z.literal('INVITE_BONUS_SUCCESS'), amount: amountOutput, wallet: walletBalance }),
  rateLimit: { per: 'session', max: 30, windowMs: MINUTE_MS },
});

export const inviteBanners = endpoint({
  method: 'GET', path: '/api/invite/banners', access: 'member', tag,
  summary: 'Banners of the invite carousel',
  response: z.array(banner),
});

export const inviteEndpoints = { inviteList, inviteBonus, inviteBanners };
