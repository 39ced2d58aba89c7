import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/contract';
import { auditLedger } from '../../src/server/ledger/audit';
import { build, clientHeaders, type TestApp } from './helpers/app';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';
import { operatorWith } from './helpers/operators';

/**
 * Bad input, generated from the OpenAPI document: every documented operation gets malformed,
 * oversized and hostile bodies, path and query values, headers and files. Every answer must be
 * below 500, carry no stack trace, and a refusal must be `{ message: CODE }` with a code of the
 * contract. A request that breaks the operation's schema must be refused, and a refused request
 * must not write to the ledger. At the end the ledger audit is clean and no prototype was
 * polluted.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  format?: string;
}

interface Parameter { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema }
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  json?: Schema;
  multipart?: Schema;
  secured: boolean;
}

interface Variant {
  what: string;
  request: InjectOptions;
  /** Sent with the caller's own valid session (so a 401 means the session was lost on the way). */
  signedIn?: boolean;
  /** Breaks the operation's schema: must be answered 4xx and change nothing. */
  mustRefuse: boolean;
}

const CODES = new Set<string>(ERROR_CODES);
const STACK = /\bat [^\n]*:\d+:\d+|node_modules|src\/server\//;

const HOSTILE_TEXT = [
  'x'.repeat(10_000),
  '..%2F..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201%3D1--",
  '-1',
  '99999999999999999999999',
  '1e999',
  '%F0%9F%92%A9',
  '%E0%B8', // a cut UTF-8 sequence
  '%7B%7B7*7%7D%7D',
];

const typeOf = (s: Schema | undefined): string | undefined => {
  if (!s) return undefined;
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  const first = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (first) return typeOf(first);
  if (s.enum || s.const !== undefined) return typeof (s.enum?.[0] ?? s.const);
  return undefined;
};

/** A plausible value of the schema (valid or not: every variant breaks one part of it anyway). */
function sample(s: Schema | undefined): unknown {
  if (!s) return 'x';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const variant = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (variant) return sample(variant);
  switch (typeOf(s)) {
    case 'object': return Object.fromEntries((s.required ?? []).map((k) => [k, sample(s.properties?.[k])]));
    case 'array': return [];
    case 'number': case 'integer': return s.minimum ?? 1;
    case 'boolean': return true;
    default: return s.format === 'uuid' ? randomUUID() : 'A'.repeat(Math.max(1, s.minLength ?? 1));
  }
}

/** Values that break a property of the schema, each with a name. */
function breaking(s: Schema): [string, unknown][] {
  const type = typeOf(s);
  if (!type || s.const !== undefined) return [];
  const out: [string, unknown][] = [];
  if (type === 'string') {
    out.push(['a number', 12345], ['an object', { $gt: '' }], ['an array', ['x']], ['a NUL byte', 'a\u0000b']);
    if (s.maxLength !== undefined) out.push(['one character too long', 'ก'.repeat(s.maxLength + 1)]);
    else if (!s.format && !s.enum) out.push(['100,000 characters', 'x'.repeat(100_000)]);
  } else if (type === 'number' || type === 'integer') {
    out.push(['a string', '1e999'], ['an object', { valueOf: 1 }], ['a boolean', true]);
  } else if (type === 'boolean') {
    out.push(['a string', 'true'], ['a number', 1]);
  } else if (type === 'object') {
    out.push(['a string', 'x'], ['an array', []]);
  } else if (type === 'array') {
    out.push(['a string', 'x'], ['an object', {}]);
  }
  return out;
}

const fillPath = (op: Operation, override: Record<string, string> = {}) =>
  op.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => {
    if (name in override) return override[name]!;
    const p = op.parameters.find((x) => x.in === 'path' && x.name === name);
    return encodeURIComponent(String(sample(p?.schema)));
  });

const query = (op: Operation, override: Record<string, string> = {}) => {
  const pairs = op.parameters.filter((p) => p.in === 'query' && (p.required || p.name in override))
    .map((p) => `${p.name}=${p.name in override ? override[p.name] : encodeURIComponent(String(sample(p.schema)))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
};

/** A PNG that says it is 30,000 x 30,000 pixels in a few hundred bytes. */
function hugePng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4); sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0); ihdr.writeUInt32BE(30_000, 4);
  ihdr[8] = 8; ihdr[9] = 2; // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(200_000))), chunk('IEND', Buffer.alloc(0)),
  ]);
}

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----fuzz${randomUUID()}`;
  const body = Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n`
        + (p.type ? `Content-Type: ${p.type}\r\n` : '') + '\r\n'),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function variantsOf(op: Operation, auth: Record<string, string>): Variant[] {
  const base = (): InjectOptions => ({
    method: op.method as InjectOptions['method'],
    url: fillPath(op) + query(op),
    headers: { ...auth, 'idempotency-key': randomUUID() },
    remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    ...(op.json ? { payload: sample(op.json) as object } : {}),
  });
  const out: Variant[] = [];
  const withBody = (what: string, payload: string | Buffer, contentType: string, mustRefuse: boolean) => {
    const b = base();
    out.push({ what, mustRefuse, request: { ...b, payload, headers: { ...b.headers, 'content-type': contentType } } });
  };

  if (op.json) {
    const valid = sample(op.json) as Record<string, unknown>;
    withBody('a cut JSON body', '{"a":', 'application/json', true);
    for (const [what, body] of [['an array body', '[]'], ['a string body', '"x"'], ['a number body', '1'], ['a null body', 'null']] as const) {
      withBody(what, body, 'application/json', true);
    }
    withBody('JSON sent as text/plain', JSON.stringify(valid), 'text/plain', true);
    withBody('JSON sent as XML', '<a>1</a>', 'application/xml', true);
    withBody('a body over the size limit', JSON.stringify({ junk: 'x'.repeat(2_000_000) }), 'application/json', true);
    withBody('a prototype-polluting body', `{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},${JSON.stringify(valid).slice(1)}`, 'application/json', false);
    const first = Object.entries(op.json.properties ?? {}).find(([, s]) => typeOf(s) !== 'object');
    if (first) withBody(`${first[0]} nested 5,000 deep`, `{"${first[0]}":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`, 'application/json', true);
    for (const [name, schema] of Object.entries(op.json.properties ?? {})) {
      for (const [what, value] of breaking(schema)) {
        const b = base();
        out.push({ what: `${name} as ${what}`, mustRefuse: true, request: { ...b, payload: { ...valid, [name]: value } } });
      }
      const nested = typeOf(schema) === 'object' ? schema.properties ?? {} : {};
      for (const [inner, innerSchema] of Object.entries(nested)) {
        for (const [what, value] of breaking(innerSchema).slice(0, 2)) {
          const b = base();
          out.push({ what: `${name}.${inner} as ${what}`, mustRefuse: true, request: { ...b, payload: { ...valid, [name]: { ...(valid[name] as object), [inner]: value } } } });
        }
      }
    }
  }

  if (op.multipart) {
    const send = (what: string, parts: Parameters<typeof multipart>[0], mustRefuse = true) => {
      const { body, contentType } = multipart(parts);
      withBody(what, body, contentType, mustRefuse);
    };
    send('a 30,000 x 30,000 PNG in a small file', [{ name: 'file', filename: 'slip.png', type: 'image/png', data: hugePng() }]);
    send('an empty file', [{ name: 'file', filename: 'slip.png', type: 'image/png', data: Buffer.alloc(0) }]);
    send('text named .png', [{ name: 'file', filename: 'slip.png', type: 'image/png', data: '<script>alert(1)</script>' }]);
    send('the file under another field', [{ name: 'other', filename: 'slip.png', type: 'image/png', data: hugePng() }]);
    send('no file, only a huge field', [{ name: 'note', data: 'x'.repeat(200_000) }]);
    withBody('multipart without a boundary', 'xxx', 'multipart/form-data', true);
    const cut = multipart([{ name: 'file', filename: 'slip.png', type: 'image/png', data: hugePng() }]);
    withBody('a multipart body cut short', cut.body.subarray(0, cut.body.length - 60), cut.contentType, true);
    withBody('JSON to a file upload', '{"file":"x"}', 'application/json', true);
  }

  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    out.push({ what: `path ${p.name} with a NUL byte`, mustRefuse: true, request: { ...base(), url: fillPath(op, { [p.name]: 'a%00b' }) + query(op) } });
    for (const value of HOSTILE_TEXT) {
      out.push({ what: `path ${p.name} = ${value.slice(0, 30)}`, mustRefuse: false, request: { ...base(), url: fillPath(op, { [p.name]: value }) + query(op) } });
    }
  }
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    out.push({ what: `query ${p.name} with a NUL byte`, mustRefuse: true, request: { ...base(), url: fillPath(op) + query(op, { [p.name]: 'a%00b' }) } });
    for (const value of HOSTILE_TEXT) {
      out.push({ what: `query ${p.name} = ${value.slice(0, 30)}`, mustRefuse: false, request: { ...base(), url: fillPath(op) + query(op, { [p.name]: value }) } });
    }
  }

  const headers: [string, Record<string, string>, boolean][] = [
    ['a bearer token of 8,000 characters', { authorization: `Bearer ${'x'.repeat(8000)}` }, op.secured],
    ['an empty bearer token', { authorization: 'Bearer ' }, op.secured],
    ['basic authorization', { authorization: 'Basic Zm9vOmJhcg==' }, op.secured],
    ['a forged JWT-looking token', { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.' }, op.secured],
    ['a hostile Accept-Language', { 'accept-language': 'xx;q=abc,'.repeat(2000) }, false],
    ['an idempotency key of 5,000 characters', { 'idempotency-key': 'k'.repeat(5000) }, false],
    ['a huge cookie', { cookie: `a=${'b'.repeat(8000)}` }, false],
    ['a forwarded-for chain', { 'x-forwarded-for': Array.from({ length: 500 }, (_, i) => `10.0.${i % 250}.1`).join(', ') }, false],
  ];
  for (const [what, extra, mustRefuse] of headers) {
    const b = base();
    out.push({ what, mustRefuse, signedIn: !('authorization' in extra), request: { ...b, headers: { ...b.headers, ...extra } } });
  }
  if (op.secured) {
    const b = base();
    const { 'x-client': _client, ...rest } = b.headers as Record<string, string>;
    out.push({ what: 'no X-Client header', mustRefuse: true, request: { ...b, headers: rest } });
  }
  return out;
}

/** A slip upload answers 200 with the slip it kept, FAILED with its reason (SPEC): that is its refusal. */
function failedSlip(res: LightMyRequestResponse) {
  try { return (JSON.parse(res.body) as { status?: unknown }).status === 'FAILED'; } catch { return false; }
}

function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, o]) => {
    const content = (o.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content ?? {};
    return {
      method: method.toUpperCase(), path,
      parameters: (o.parameters as Parameter[] | undefined) ?? [],
      json: content['application/json']?.schema,
      multipart: content['multipart/form-data']?.schema,
      secured: Array.isArray(o.security) && o.security.length > 0,
    };
  })).sort((a, b) => Number(endsSessions(a.path)) - Number(endsSessions(b.path))); // they end the sessions: last
}

/** Calls that end the caller's sessions: logouts, and safer play's break and self-exclusion (issue 31). */
const endsSessions = (path: string) => path.endsWith('/logout') || path === '/api/safer-play/break' || path === '/api/safer-play/exclusion';

describe.each(engines)('hostile requests to every documented operation on %s', (engine) => {
  let t: TestApp;
  let memberAuth: Record<string, string>;
  let operatorAuth: Record<string, string>;
  let memberId: number;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0' });
    const member = await seedMember(t.app);
    memberId = member.id;
    await fundWallet(t.app, member.id, 1000);
    memberAuth = clientHeaders(member.token);
    operatorAuth = clientHeaders((await operatorWith(t.app, 'admin')).token);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers each with a code, never a 5xx or a stack trace, refuses what breaks the schema, and writes nothing for it', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    const entries = async () => Number((await sql<{ n: string }>`select count(*)::text as n from ledger_entry`.execute(t.app.ctx.db)).rows[0]!.n);
    const walletBefore = await t.app.ctx.db.selectFrom('ledger_account').select('balance').where('member_id', '=', memberId).where('kind', '=', 'wallet').executeTakeFirstOrThrow();

    const failures: string[] = [];
    let sent = 0;
    let refused = 0;
    for (const op of operations) {
      const auth = op.path.startsWith('/api/admin') ? operatorAuth : memberAuth;
      for (const variant of variantsOf(op, auth)) {
        const before = variant.mustRefuse ? await entries() : 0;
        let res: LightMyRequestResponse;
        try {
          res = await t.app.inject(variant.request);
        } catch (error) {
          failures.push(`${op.method} ${op.path} [${variant.what}]: inject threw ${String(error)}`);
          continue;
        }
        sent++;
        const where = `${op.method} ${op.path} [${variant.what}]`;
        if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (STACK.test(res.body)) failures.push(`${where}: a stack trace in the answer`);
        if (res.statusCode >= 400) {
          refused++;
          let message: unknown;
          try { message = (JSON.parse(res.body) as { message?: unknown }).message; } catch { message = undefined; }
          if (typeof message !== 'string' || !CODES.has(message)) failures.push(`${where}: ${res.statusCode} without a code: ${res.body.slice(0, 200)}`);
        }
        if (op.secured && variant.signedIn && !endsSessions(op.path) && res.statusCode === 401) failures.push(`${where}: the caller's session was lost (401)`);
        if (variant.mustRefuse) {
          if (res.statusCode < 400 && !failedSlip(res)) failures.push(`${where}: accepted with ${res.statusCode}`);
          else if (await entries() !== before) failures.push(`${where}: refused, yet wrote to the ledger`);
        }
      }
    }
    console.log(`fuzz on ${engine}: ${sent} hostile requests to ${operations.length} operations, ${refused} refused, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const walletAfter = await t.app.ctx.db.selectFrom('ledger_account').select('balance').where('member_id', '=', memberId).where('kind', '=', 'wallet').executeTakeFirstOrThrow();
    expect(BigInt(walletAfter.balance)).toBe(BigInt(walletBefore.balance));
    expect(await auditLedger(t.app.ctx.db)).toMatchObject({ ok: true });
  }, 600_000);
});
