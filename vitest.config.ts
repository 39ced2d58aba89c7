import os from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm test`: unit, machine and API tests. API tests run on PGlite always, and again on
// PostgreSQL when TEST_DATABASE_URL is set (see tests/server/helpers/db.ts). Three projects,
// each runnable alone (`npm test -- --project server`):
//   - unit: the client, the machines and the contract;
//   - server: the API tests;
//   - faults: a server process killed, PostgreSQL cut off, two processes given the same
//     requests (PostgreSQL only). CI runs them as a step of their own, one at a time.
const FAULTS = ['tests/server/crash.test.ts', 'tests/server/crash-omg.test.ts', 'tests/server/live-site-process.test.ts', 'tests/server/db-outage.test.ts', 'tests/server/money-nodes.test.ts', 'tests/server/transfer-truth.test.ts', 'tests/server/shutdown.test.ts'];

const common = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    // Migrated database templates, made once per run and copied per test (tests/server/helpers/db-templates.ts).
    globalSetup: ['tests/server/helpers/db-templates-setup.ts'],
    // Vitest's default is one file at a time on two cores; most files spend their time waiting on
    // a database or a timer, so one per core halves the run (CI: 830 s -> 410 s) and all still pass.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          ...common,
          name: 'unit',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: ['tests/e2e/**', 'tests/server/**', 'node_modules/**'],
        },
      },
      {
        test: {
          ...common,
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: FAULTS,
          // One module graph per worker, not per file: importing the server again for every file
          // cost more than most files' tests. Each file still builds its own apps on its own
          // databases, and these files mock no module (the client's do, and stay isolated).
          isolate: false,
        },
      },
      {
        test: { ...common, name: 'faults', include: FAULTS },
      },
    ],
  },
});
