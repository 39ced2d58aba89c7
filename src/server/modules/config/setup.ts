import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { BackOffice } from '../admin/setup';
import { ConfigChanges } from './changes';
import { ContentImages } from './images';
import { registerConfigRoutes } from './routes';
import { configSections } from './sections/index';

/** The console's configuration (and its banner images): composed after the back office (its audit and operator guard). */
export function setupConfig(app: FastifyInstance, ctx: AppContext, office: BackOffice): ConfigChanges {
  const changes = new ConfigChanges({ db: ctx.db, audit: office.audit, sections: configSections(ctx) });
  registerConfigRoutes(app, ctx, changes, new ContentImages({ storage: ctx.adapters.contentImages, audit: office.audit }));
  return changes;
}
