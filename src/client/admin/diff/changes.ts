/**
 * The readable difference between two JSON values (an audit line's before and after, a proposed
 * configuration change): only what changed, each as a path to a plain value, old → new. Nested
 * objects and arrays are flattened to paths (`limits.BAHT.max`, `slices[2].weight`); arrays of
 * records that carry an `id`, `code` or `key` are matched by it (`banks[code=SCB].name`), so an
 * inserted item is one addition rather than a shift of every item after it. A text written per
 * language ({th, la, en}) gives one change per language, marked with the language. Pure: no
 * React, no i18n; ChangeDiff.tsx shows the result.
 */

export const DIFF_LANGUAGES = ['th', 'la', 'en'] as const;
export type DiffLanguage = (typeof DIFF_LANGUAGES)[number];

/** A value at the end of a path; undefined when the path is absent on that side. */
export type Leaf = string | number | boolean | null | undefined;

export interface Change {
  /** Where, from the top: `''` for the value itself, else `a.b[0].c` (keys that are not plain names are quoted: `["x y"]`). */
  path: string;
  /** Set when the value is one language of a per-language text; `path` is then the text's own path. */
  language?: DiffLanguage;
  kind: 'added' | 'removed' | 'changed';
  before: Leaf;
  after: Leaf;
}

const ID_KEYS = ['id', 'code', 'key'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object whose keys are all languages ({th, la, en}, any of them): a text per language. */
export const isPerLanguage = (value: unknown): value is Partial<Record<DiffLanguage, unknown>> =>
  isRecord(value) && Object.keys(value).length > 0 &&
  Object.keys(value).every((k) => (DIFF_LANGUAGES as readonly string[]).includes(k)) &&
  Object.values(value).every((v) => v === null || typeof v !== 'object');

const plainName = /^[A-Za-z_$][\w$-]*$/;
const keyStep = (path: string, key: string) => (plainName.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`);

/** The key an array's records are matched by, when every record of both sides has a distinct one. */
function idKeyOf(before: unknown[], after: unknown[]): string | null {
  const items = [...before, ...after];
  if (items.length === 0 || !items.every(isRecord)) return null;
  for (const key of ID_KEYS) {
    const distinct = (list: unknown[]) => {
      const ids = list.map((item) => (item as Record<string, unknown>)[key]);
      return ids.every((id) => typeof id === 'string' || typeof id === 'number') && new Set(ids).size === ids.length;
    };
    if (distinct(before) && distinct(after)) return key;
  }
  return null;
}

/** Every path to a plain value in `value`, in order; a per-language text marks its leaves. */
function flatten(value: unknown, path: string, into: Map<string, { path: string; language?: DiffLanguage; value: Leaf }>, keyed: Map<string, string>) {
  if (value === undefined) return;
  if (isPerLanguage(value)) {
    for (const language of DIFF_LANGUAGES) {
      if (language in value) into.set(`${path}\u0000${language}`, { path, language, value: leaf(value[language]) });
    }
    return;
  }
  if (Array.isArray(value)) {
    const idKey = keyed.get(path);
    value.forEach((item, index) => {
      const step = idKey ? `${path}[${idKey}=${String((item as Record<string, unknown>)[idKey])}]` : `${path}[${index}]`;
      flatten(item, step, into, keyed);
    });
    return;
  }
  if (isRecord(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, keyStep(path, key), into, keyed);
    return;
  }
  into.set(path, { path, value: leaf(value) });
}

const leaf = (value: unknown): Leaf =>
  value === undefined || value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : JSON.stringify(value);

/** Finds, for every array found at the same path on both sides, whether its records are matched by an id. */
function keyedArrays(before: unknown, after: unknown, path: string, into: Map<string, string>) {
  if (Array.isArray(before) || Array.isArray(after)) {
    const b = Array.isArray(before) ? before : [];
    const a = Array.isArray(after) ? after : [];
    const idKey = idKeyOf(b, a);
    if (idKey) {
      into.set(path, idKey);
      const byId = (list: unknown[]) => new Map(list.map((item) => [String((item as Record<string, unknown>)[idKey]), item]));
      const bs = byId(b);
      const as = byId(a);
      for (const id of new Set([...bs.keys(), ...as.keys()])) keyedArrays(bs.get(id), as.get(id), `${path}[${idKey}=${id}]`, into);
    } else {
      for (let i = 0; i < Math.max(b.length, a.length); i++) keyedArrays(b[i], a[i], `${path}[${i}]`, into);
    }
    return;
  }
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) keyedArrays(b[key], a[key], keyStep(path, key), into);
  }
}

/** What changed from `before` to `after`: added, removed and changed values, in the order `after` (then `before`) has them. */
export function changes(before: unknown, after: unknown): Change[] {
  const keyed = new Map<string, string>();
  keyedArrays(before, after, '', keyed);
  const was = new Map<string, { path: string; language?: DiffLanguage; value: Leaf }>();
  const now = new Map<string, { path: string; language?: DiffLanguage; value: Leaf }>();
  flatten(before, '', was, keyed);
  flatten(after, '', now, keyed);
  const out: Change[] = [];
  const push = (at: { path: string; language?: DiffLanguage }, b: Leaf, a: Leaf) => {
    if (b === a) return;
    const kind = b === undefined ? 'added' : a === undefined ? 'removed' : 'changed';
    out.push({ path: at.path, ...(at.language ? { language: at.language } : {}), kind, before: b, after: a });
  };
  // A null on one side where the other has a record or list (none → something) is not a value of its own.
  const under = (side: Map<string, { path: string; language?: DiffLanguage }>, path: string) =>
    [...side.values()].some((e) => (e.path === path ? !!e.language : path === '' || e.path.startsWith(`${path}.`) || e.path.startsWith(`${path}[`)));
  const placeholder = (id: string, entry: { path: string; language?: DiffLanguage; value: Leaf }, other: Map<string, { path: string; language?: DiffLanguage }>) =>
    entry.value === null && !entry.language && !other.has(id) && under(other, entry.path);
  for (const [id, entry] of now) if (!placeholder(id, entry, was)) push(entry, was.get(id)?.value, entry.value);
  for (const [id, entry] of was) if (!now.has(id) && !placeholder(id, entry, now)) push(entry, entry.value, undefined);
  return out;
}

/** Text longer than this, or on several lines, is shown shortened with a way to see all of it. */
export const SHORT_TEXT = 120;

/** Whether a value is long enough to be shortened (long html, a long message). */
export const isLong = (value: Leaf, max = SHORT_TEXT) => typeof value === 'string' && (value.length > max || value.includes('\n'));

/** The start of a long text, on one line, tags and runs of space folded, ending with an ellipsis. */
export function shorten(value: string, max = SHORT_TEXT): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** Whether a text looks like html (so it is shown as source, never rendered). */
export const looksLikeHtml = (value: Leaf) => typeof value === 'string' && /<\/?[a-z][^>]*>/i.test(value);

/** Whether a text is an ISO 8601 instant (`2026-11-26T08:46:21.000Z`), shown as a local time. */
export const isInstant = (value: Leaf): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value));

/** One changed field with its language folded into the path (`name.en`), `-` for the value itself. */
export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** The changes as plain fields (the configuration kit's first shape): `changes` with the language as the last path step. */
export const fieldChanges = (before: unknown, after: unknown): FieldChange[] =>
  changes(before, after).map((c) => ({
    path: c.language ? (c.path ? `${c.path}.${c.language}` : c.language) : c.path || '-',
    before: c.before,
    after: c.after,
  }));
