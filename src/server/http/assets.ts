import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The project's bundled images (bank badges, contact art), next to src/. */
export const ASSETS_DIR = fileURLToPath(new URL('../../../assets', import.meta.url));

/**
 * Serves assets/ under /assets/. The built client's hashed files also live under /assets/, as
 * exact routes registered by the SPA plugin; exact routes win over this wildcard, so both fit.
 */
export async function registerAssets(app: FastifyInstance) {
  if (!fs.existsSync(ASSETS_DIR)) return;
  await app.register(fastifyStatic, {
    root: ASSETS_DIR,
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    maxAge: '1d',
  });
}
