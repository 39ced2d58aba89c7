/** The constraint a statement broke when it failed as a unique violation (SQLSTATE 23505), on PostgreSQL and PGlite alike. */
export function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  if (e && e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  return undefined;
}
