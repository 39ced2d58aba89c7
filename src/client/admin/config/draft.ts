import { useState } from 'react';
import type { z } from 'zod';

/** JSON with object keys sorted, so two values compare by content. */
export const canonical = (value: unknown): string => JSON.stringify(value ?? null, (_k, v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v);

/**
 * An item being edited: starts from the value that applies now (and follows it while untouched),
 * knows whether it changed, and which fields the contract's schema refuses (their paths).
 */
export function useDraft<T>(current: T | null, schema: z.ZodType<T>) {
  // The operator's edit, once there is one; until then the draft is the value that applies now.
  const [edited, setEdited] = useState<{ value: T } | null>(null);
  const touched = edited !== null;
  const draft = edited ? edited.value : current;
  const key = canonical(current);
  const parsed = draft === null ? null : schema.safeParse(draft);
  const problems = parsed && !parsed.success ? [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '-'))] : [];
  return {
    draft,
    set: (next: T) => setEdited({ value: next }),
    reset: () => setEdited(null),
    /** After a save, or another item chosen: follow the server's value again. */
    settle: () => setEdited(null),
    dirty: touched && canonical(draft) !== key,
    problems,
  };
}
