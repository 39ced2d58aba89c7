import { useState } from 'react';
import type { z } from 'zod';
import { canonicalJson } from '../../../contract';

/** JSON with object keys sorted, so two values compare by content (the contract's). */
export const canonical = canonicalJson;

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
