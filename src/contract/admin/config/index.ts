import { z } from 'zod';
import { isoDate } from '../../endpoints/common';

export * from './common';
export * from './money';
export * from './providers';
export * from './receiving';
export * from './wheel';
export * from './site';
export * from './content';
export * from './switches';
export * from './invite';
export * from './refund';
export * from './bonus';

/**
 * What operators configure in the console, one section per kind of thing; each section holds
 * items named by a target (a currency, a bonus code, a page and country, or 'main'). A change
 * that moves or can move money (a percent, a prize, a limit, a receiving account) is proposed by
 * one operator and applied when an independent operator approves it; texts and switches apply
 * at once. Each section's value has its schema in this folder; the server parses every value with it.
 */
export const CONFIG_SECTIONS = ['money', 'bonus', 'wheel', 'invite', 'refund', 'content', 'switches', 'receiving', 'providers', 'site', 'sources', 'banks'] as const;
export type ConfigSectionName = (typeof CONFIG_SECTIONS)[number];

export const CONFIG_CHANGE_STATUSES = ['pending', 'applied', 'rejected'] as const;
export type ConfigChangeStatus = (typeof CONFIG_CHANGE_STATUSES)[number];

/** A configuration target: letters, digits, '.', '_' and '-' (a bonus code, 'contact.TH', 'BAHT'). */
export const CONFIG_TARGET = /^[A-Za-z0-9._-]{1,60}$/;

export const configChange = z.object({
  id: z.string(),
  section: z.enum(CONFIG_SECTIONS),
  target: z.string(),
  movesMoney: z.boolean().describe('true: it waited for (or waits for) an independent second operator'),
  status: z.enum(CONFIG_CHANGE_STATUSES),
  before: z.unknown().describe('the value before the change (null: a new item)'),
  after: z.unknown().describe('the value the change sets, as stored (html sanitised)'),
  stale: z.boolean().describe('pending only: the item changed since it was proposed, so it can no longer be approved'),
  proposedBy: z.string(),
  decidedBy: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: isoDate,
  decidedAt: isoDate.nullable(),
});
export type ConfigChangeView = z.infer<typeof configChange>;

export const configItem = z.object({ target: z.string(), value: z.unknown() });
export type ConfigItem = z.infer<typeof configItem>;
