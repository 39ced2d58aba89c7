/**
 * `npm run faults`: the fault tests in one run, on PostgreSQL and Redis, one line per fault.
 *   - SIGKILL during a transfer burst, restart, reconcile, audit (tests/server/crash.test.ts);
 *   - PostgreSQL gone for 3 s during load (tests/server/db-outage.test.ts);
 *   - two server processes on one PostgreSQL and Redis, each transfer sent to both (money-nodes);
 *   - concurrent transfers of one member on two nodes, bets meanwhile, the database's connections
 *     killed: every key's answer is the truth about its money (transfer-truth: false failures 0);
 *   - the game provider refusing, timing out before or after applying, answering late, over
 *     HTTP and in process, and the bank workload with injected provider faults.
 * Each test asserts that nothing was lost or doubled before it prints its line, so a printed
 * "lost 0, doubled 0" is a checked figure; a failing test prints FAILED and the exit code is 1.
 * Env: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), TEST_REDIS_URL.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FILES = [
  'tests/server/crash.test.ts',
  'tests/server/db-outage.test.ts',
  'tests/server/money-nodes.test.ts',
  'tests/server/transfer-truth.test.ts',
  'tests/server/provider-http.test.ts',
  'tests/server/wallet.test.ts',
  'tests/server/bank.test.ts',
];
/** The wallet file's provider fault cases (its other cases are not faults). */
const PROVIDER_FAULTS = /when the provider fails/;

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'faults-')), 'report.json');
const run = spawnSync(process.execPath, [
  'node_modules/vitest/vitest.mjs', 'run', ...FILES, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
], {
  // BANK_WORKLOAD=full: the bank workload at its full size (npm test runs a fifth of it).
  env: { ...process.env, BANK_WORKLOAD: 'full', TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  encoding: 'utf8', maxBuffer: 256 * 1024 * 1024,
});
const out = `${run.stdout}\n${run.stderr}`;

// The figures the tests printed (ANSI colours stripped).
const ESC = String.fromCharCode(27);
const lines = out.replaceAll(new RegExp(`${ESC}\\[[0-9;]*m`, 'g'), '').split('\n').filter((l) => l.startsWith('fault: '));
for (const line of lines) console.log(line);

interface Assertion { fullName: string; status: string; ancestorTitles: string[] }
const results = fs.existsSync(report)
  ? (JSON.parse(fs.readFileSync(report, 'utf8')) as { testResults: { assertionResults: Assertion[] }[] }).testResults.flatMap((f) => f.assertionResults)
  : [];
for (const a of results.filter((r) => r.ancestorTitles.some((t) => PROVIDER_FAULTS.test(t)) || /game providers over HTTP/.test(r.fullName))) {
  console.log(`fault: ${a.fullName}: ${a.status === 'passed' ? 'lost 0, doubled 0 (asserted)' : a.status.toUpperCase()}`);
}
const failed = results.filter((r) => r.status === 'failed');
for (const f of failed) console.log(`FAILED: ${f.fullName}`);
if (!results.length) console.log(out.slice(-4000));
console.log(`faults: ${results.length} tests, ${failed.length} failed`);
process.exit(run.status === 0 && failed.length === 0 && results.length > 0 ? 0 : 1);
