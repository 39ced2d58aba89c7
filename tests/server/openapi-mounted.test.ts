import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Endpoint } from '../../src/contract';
import { NOT_OFFERED } from '../../src/server/docs/not-offered';
import { build, type TestApp } from './helpers/app';

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const all = Object.entries(endpoints) as [keyof typeof endpoints, Endpoint][];

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

  it.each(all.filter(([name]) => !NOT_OFFERED.has(name)))('mounts and documents %s', (_name, e) => {
    expect(t.app.hasRoute({ method: e.method, url: e.path })).toBe(true);
    expect(document.paths[openApiPath(e.path)]?.[e.method.toLowerCase()]).toBeDefined();
  });

  it.each(all.filter(([name]) => NOT_OFFERED.has(name)))('neither mounts nor documents %s (marked not offered)', (_name, e) => {
    expect(t.app.hasRoute({ method: e.method, url: e.path })).toBe(false);
    expect(document.paths[openApiPath(e.path)]?.[e.method.toLowerCase()]).toBeUndefined();
  });

  it('documents no route that answers 404', async () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => [m.toUpperCase(), path] as const));
    const unmounted = documented.filter(([method, path]) => !t.app.hasRoute({ method: method as 'GET', url: path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1') }));
    expect(unmounted).toEqual([]);
  });
});
