import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEndpoints, endpoints, type Endpoint } from '../../src/contract';
import { NOT_OFFERED } from '../../src/server/docs/not-offered';
import { build, type TestApp } from './helpers/app';

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
// The member API and the back office's (the support chat's operator side included).
const all = Object.entries({ ...endpoints, ...adminEndpoints }) as [string, Endpoint][];
const notOffered = (name: string) => NOT_OFFERED.has(name as keyof typeof endpoints);

describe('the OpenAPI document documents what is mounted', () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, unknown>> };
  beforeAll(async () => {
    t = await build('pglite');
    document = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(all.filter(([name]) => !notOffered(name)))('mounts and documents %s', (_name, e) => {
    expect(t.app.hasRoute({ method: e.method, url: e.path })).toBe(true);
    expect(document.paths[openApiPath(e.path)]?.[e.method.toLowerCase()]).toBeDefined();
  });

  it.each(all.filter(([name]) => notOffered(name)))('neither mounts nor documents %s (marked not offered)', (_name, e) => {
    expect(t.app.hasRoute({ method: e.method, url: e.path })).toBe(false);
    expect(document.paths[openApiPath(e.path)]?.[e.method.toLowerCase()]).toBeUndefined();
  });

  it('documents no route that answers 404', async () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => [m.toUpperCase(), path] as const));
    const unmounted = documented.filter(([method, path]) => !t.app.hasRoute({ method: method as 'GET', url: path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1') }));
    expect(unmounted).toEqual([]);
  });

  it('documents every route it mounts, but those hidden on purpose (health, the docs, sandbox pages, static files)', () => {
    const mounted = t.app.mountedRoutes();
    expect(mounted.filter((r) => !r.hidden).length).toBeGreaterThan(100);
    const undocumented = mounted
      .filter((r) => !r.hidden && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .filter((r) => document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()] === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(undocumented).toEqual([]);
    // What is hidden is meant to be: never an API route of the contract's kind.
    const hiddenApi = mounted.filter((r) => r.hidden && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/health' && !r.url.startsWith('/api/health/'));
    expect(hiddenApi.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
