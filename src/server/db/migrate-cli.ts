import { loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

// `npm run db:migrate`: applies every pending migration to the configured database.
const config = loadConfig(process.env);
const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await database.close();
}
