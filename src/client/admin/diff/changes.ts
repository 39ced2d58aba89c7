/** One changed field of an audited or proposed change: its path and the values on each side. */
export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Leaves of a value as dotted paths (array items by index), so nested changes read as fields. */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>) {
  if (isObject(value) && Object.keys(value).length > 0) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
  } else if (Array.isArray(value) && value.length > 0) {
    value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, into));
  } else {
    into.set(prefix, value);
  }
}

/** The fields that differ between two values, in the order they appear (after's first). */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(before ?? null, '', a);
  flatten(after ?? null, '', b);
  // A new (or removed) item: its fields are the change, not the item as a whole.
  for (const [side, other] of [[a, b], [b, a]] as const) {
    if (side.size === 1 && side.get('') === null && !other.has('')) side.delete('');
  }
  const paths = [...new Set([...b.keys(), ...a.keys()])];
  return paths
    .filter((p) => JSON.stringify(a.get(p)) !== JSON.stringify(b.get(p)))
    .map((path) => ({ path: path || '-', before: a.get(path), after: b.get(path) }));
}
