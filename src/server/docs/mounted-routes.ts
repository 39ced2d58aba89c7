import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface MountedRoute {
  method: HTTPMethods;
  url: string;
  /** Left out of the OpenAPI document on purpose (`schema.hide`: health, the docs, sandbox pages, static files). */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route this app mounted, one per method. */
    mountedRoutes(): readonly MountedRoute[];
  }
}

/**
 * Keeps the list of every route the app mounts, so that a route outside the contract cannot
 * hide from the OpenAPI document (tests/server/openapi-mounted.test.ts compares the two).
 * Called first, before any route exists: Fastify tells only routes added after the hook.
 */
export function trackMountedRoutes(app: FastifyInstance) {
  const mounted: MountedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
    for (const method of [route.method].flat()) mounted.push({ method, url: route.url, hidden });
  });
  app.decorate('mountedRoutes', () => mounted);
}
