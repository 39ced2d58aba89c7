import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built client from `dir` with history-mode fallback: any GET outside /api that
 * asks for HTML gets index.html, so deep links like /user/home load the app. The sandbox's
 * pages that the client renders (the demo game at /sandbox/game/*) get it too, but only in
 * sandbox mode; a page a module registers itself (/sandbox/pay/:id) is a route and wins over
 * this fallback. Returns the not-found handler to install (API paths keep the JSON NOT_FOUND answer).
 */
export async function registerSpa(app: FastifyInstance, dir: string, options: { sandbox: boolean }) {
  const root = path.resolve(dir);
  const hasClient = fs.existsSync(path.join(root, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.ts); a browser that accepts one gets it.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fresh, and so must the service
      // worker (/sw.js, issue 32), or a phone would keep an old app for as long as a cache says.
      setHeaders: (res, file) => {
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The installable app's manifests (/manifest-<locale>.webmanifest): the type browsers expect.
        if (file.endsWith('.webmanifest')) res.header('content-type', 'application/manifest+json; charset=utf-8');
      },
    });
  }
  return (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0];
    const isSandboxPath = url === '/sandbox' || url.startsWith('/sandbox/');
    const wantsPage = request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/socket.io/') && (options.sandbox || !isSandboxPath);
    if (hasClient && wantsPage && (request.headers.accept ?? '').includes('text/html')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'NOT_FOUND' });
  };
}
