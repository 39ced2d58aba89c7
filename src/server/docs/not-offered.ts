import type { endpoints } from '../../contract';

/**
 * Contract endpoints this server does not mount yet: the OpenAPI document leaves them out, and
 * `tests/server/openapi-mounted.test.ts` checks that every other endpoint is mounted and that
 * none of these is. Whoever mounts one removes its line here (one per line, for easy merges).
 */
export const NOT_OFFERED: ReadonlySet<keyof typeof endpoints> = new Set<keyof typeof endpoints>([]);
