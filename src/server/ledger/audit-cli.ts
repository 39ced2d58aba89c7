import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { auditLedger } from './audit';

// `npm run ledger:audit`: recomputes every balance from postings; exits 1 on any finding.
const config = loadConfig(process.env);
const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateToLatest(database.db);
  const report = await auditLedger(database.db);
  console.log(`entries ${report.entries}, accounts ${report.accounts}`);
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
