import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { auditLedger } from './audit';

// `npm run ledger:audit`: checks the postings since the last clean audit against every cached
// balance (`-- --full` sums every posting again); exits 1 on any finding.
const config = loadConfig(process.env);
const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateToLatest(database.db);
  const started = performance.now();
  const report = await auditLedger(database.db, { mode: process.argv.includes('--full') ? 'full' : 'incremental' });
  const ms = performance.now() - started;
  console.log(`${report.mode} audit: ${report.entries} entries read, ${report.accounts} accounts, checkpoint at entry ${report.checkpoint}, ${ms.toFixed(0)} ms`);
  console.log(`drift ${report.drift.length}, unbalanced entries ${report.unbalancedEntries.length}, negative balances ${report.negativeAccounts.length}, unexplained in flight ${report.inFlight.length}`);
  for (const d of report.drift) console.log(`  drift: account ${d.accountId} cached ${d.cached} posted ${d.posted}`);
  for (const e of report.unbalancedEntries) console.log(`  unbalanced: entry ${e}`);
  for (const a of report.negativeAccounts) console.log(`  negative: account ${a}`);
  for (const f of report.inFlight) console.log(`  in flight: ${f.account} posted ${f.posted}, open ${f.open}`);
  console.log(report.ok ? 'ledger audit: clean' : 'ledger audit: FAILED');
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
