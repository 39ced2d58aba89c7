import { z } from 'zod';
import { CONTENT_IMAGE } from '../constants';
import { endpoint } from '../endpoint';
import { idParam } from '../endpoints/common';
import { CONFIG_CHANGE_STATUSES, CONFIG_SECTIONS, CONFIG_TARGET, configChange, configItem, localizedHtml } from './config/index';
import { listOf } from './schemas';

/** The console's configuration: every text, rule and prize, and the money rules' approvals. */

const tag = 'admin';
const sectionParams = z.object({ section: z.enum(CONFIG_SECTIONS) });
const targetParams = sectionParams.extend({ target: z.string().regex(CONFIG_TARGET) });

export const adminConfigSections = endpoint({
  method: 'GET', path: '/api/admin/config', access: 'operator', permission: 'config.read', tag,
  summary: 'The configuration sections that exist, and how many changes wait for approval in each',
  response: z.object({ sections: z.array(z.object({ name: z.enum(CONFIG_SECTIONS), pending: z.number().int() })) }),
});

export const adminConfigSection = endpoint({
  method: 'GET', path: '/api/admin/config/:section', access: 'operator', permission: 'config.read', tag,
  summary: "A section's items as they apply now, and its changes waiting for approval",
  params: sectionParams,
  response: z.object({ items: z.array(configItem), pending: z.array(configChange) }),
});

export const adminConfigChange = endpoint({
  method: 'PUT', path: '/api/admin/config/:section/:target', access: 'operator', permission: 'config.edit', tag,
  summary: "Change an item (or add one, where the section allows): texts and switches apply at once; a change that moves or can move money waits for another operator's approval",
  params: targetParams,
  body: z.object({ value: z.unknown().describe("the item's whole value, as the section's schema in src/contract/admin/config/ says") }),
  response: configChange,
  rateLimit: { per: 'session', max: 60, windowMs: 60_000 },
});

export const adminConfigChanges = endpoint({
  method: 'GET', path: '/api/admin/config-changes', access: 'operator', permission: 'config.read', tag,
  summary: 'Configuration changes by status, newest first',
  query: z.object({ status: z.enum(CONFIG_CHANGE_STATUSES).default('pending'), page: z.coerce.number().int().min(1).default(1) }),
  response: listOf(configChange),
});

export const adminApproveConfigChange = endpoint({
  method: 'POST', path: '/api/admin/config-changes/:id/approve', access: 'operator', permission: 'config.approve', tag,
  summary: "Approve another operator's proposed change: it applies now (OWN_PROPOSAL for one's own or one's tree's, CONFIG_STALE when the item changed since)",
  params: z.object({ id: idParam }), response: configChange,
});

export const adminRejectConfigChange = endpoint({
  method: 'POST', path: '/api/admin/config-changes/:id/reject', access: 'operator', permission: 'config.approve', tag,
  summary: 'Reject a proposed change (nothing changes)',
  params: z.object({ id: idParam }),
  body: z.object({ note: z.string().trim().max(500).optional() }),
  response: configChange,
});

export const adminConfigPreview = endpoint({
  method: 'POST', path: '/api/admin/config/preview', access: 'operator', permission: 'config.read', tag,
  summary: 'Operator html as members will get it: sanitised by the server, in each language',
  body: z.object({ html: localizedHtml() }),
  response: z.object({ html: localizedHtml() }),
  rateLimit: { per: 'session', max: 120, windowMs: 60_000 },
});

export const adminConfigUploadImage = endpoint({
  method: 'POST', path: '/api/admin/config/images', access: 'operator', permission: 'config.edit', tag, multipart: true,
  summary: `Upload an image for a banner (png, jpeg, webp or gif by its bytes, never SVG; at most ${CONTENT_IMAGE.maxBytes / 1024 / 1024} MB): answers its public address`,
  body: z.object({ file: z.any().describe('the image file, in the field `file`') }),
  response: z.object({
    image: z.string().describe("the image's public address, /api/content/images/<sha-256 of its bytes>.<extension>, for a banner's `image`"),
    type: z.enum(Object.keys(CONTENT_IMAGE.types) as [keyof typeof CONTENT_IMAGE.types]),
    bytes: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
  }),
  rateLimit: { per: 'session', max: 30, windowMs: 60_000 },
});

export const configEndpoints = {
  adminConfigSections, adminConfigSection, adminConfigChange, adminConfigChanges,
  adminApproveConfigChange, adminRejectConfigChange, adminConfigPreview, adminConfigUploadImage,
} as const;
