import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CONTENT_IMAGE, configEndpoints as e, endpoints, LOCALES } from '../../../contract';
import { sanitizeOperatorHtml } from '../../content/operator-html';
import type { AppContext } from '../../context';
import { contractRoute } from '../../http/contract-route';
import { actorOf } from '../admin/guard';
import type { ConfigChanges } from './changes';
import type { ContentImages } from './images';

/**
 * `/api/admin/config*`: thin handlers over the configuration changes; the guard checked the role.
 * Banner images: uploaded by operators (multipart, in their own scope), served to everyone at
 * `/api/content/images/:id`.
 */
export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext, changes: ConfigChanges, images: ContentImages) {
  const g = ctx.guards;
  contractRoute(app, g, e.adminConfigSections, async () => changes.overview());
  contractRoute(app, g, e.adminConfigSection, async ({ params }) => changes.items(params.section));
  contractRoute(app, g, e.adminConfigChange, async ({ params, body, request }) =>
    changes.change(params.section, params.target, body.value, actorOf(request)));
  contractRoute(app, g, e.adminConfigChanges, async ({ query }) => changes.list(query.status, query.page));
  contractRoute(app, g, e.adminApproveConfigChange, async ({ params, request }) => changes.approve(params.id, actorOf(request)));
  contractRoute(app, g, e.adminRejectConfigChange, async ({ params, body, request }) => changes.reject(params.id, body.note, actorOf(request)));
  contractRoute(app, g, e.adminConfigPreview, async ({ body }) => ({
    html: Object.fromEntries(LOCALES.map((l) => [l, sanitizeOperatorHtml(body.html[l])])) as typeof body.html,
  }));
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fields: 2, parts: 3 } });
    contractRoute(scope, g, e.adminConfigUploadImage, async ({ request }) => images.upload(request, actorOf(request)),
      { bodyLimit: CONTENT_IMAGE.maxBytes + 65_536 });
  });
  contractRoute(app, g, endpoints.contentImage, async ({ params, reply }) => images.send(params.id, reply));
}
