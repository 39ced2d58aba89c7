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
  },
});
