import { useState } from 'react';
import type { z } from 'zod';
import { canonicalJson } from '../../../contract';

/**
 * An item being edited: starts from the value that applies now (and follows it while untouched),
 * knows whether it changed, and which fields the contract's schema refuses (their paths).
 */
export function useDraft<T>(current: T | null, schema: z.ZodType<T>) {
  // The operator's edit, once there is one; until then the draft is the value that applies now.
  const [edited, setEdited] = useState<{ value: T } | null>(null);
  const touched = edited !== null;
  const draft = edited ? edited.value : current;
  const key = canonicalJson(current);
  const parsed = draft === null ? null : schema.safeParse(draft);
  const problems = parsed && !parsed.success ? [...new Set(parsed.error.issues.map((i) => i.path.join('.') || '-'))] : [];
  return {
    draft,
    set: (next: T) => setEdited({ value: next }),
    reset: () => setEdited(null),
    /** After a save, or another item chosen: follow the server's value again. */
    settle: () => setEdited(null),
    dirty: touched && canonicalJson(draft) !== key,
    problems,
  };
}
