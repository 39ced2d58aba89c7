/**
 * The contract's schemas parse without zod's compiled fast path in the browser. Our pages' CSP
 * allows no eval (script-src in src/server/app.ts), and zod would try `new Function` once to find
 * out, which the browser reports as a CSP violation (Lighthouse's best practices counted it).
 * Imported first by main.tsx: the setting must hold before the first schema is built.
 *
 * Set where zod keeps its settings for every copy of itself (`globalThis.__zod_globalConfig`,
 * zod/v4/core/core.js) rather than through its `config()`: importing that brings 4 KB of zod's
 * core into the login page, which builds no schema. tests/client/zodWithoutEval.test.ts checks
 * that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
