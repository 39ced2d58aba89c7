import os from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm test`: unit, machine and API tests. API tests run on PGlite always, and again on
// PostgreSQL when TEST_DATABASE_URL is set (see tests/server/helpers/db.ts).
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Migrated database templates, made once per run and copied per test (tests/server/helpers/db-templates.ts).
    globalSetup: ['tests/server/helpers/db-templates-setup.ts'],
    // Vitest's default is one file at a time on two cores; most files spend their time waiting on
    // a database or a timer, so one per core halves the run (CI: 830 s -> 410 s) and all still pass.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
