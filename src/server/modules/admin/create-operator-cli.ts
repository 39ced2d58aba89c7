import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES, type OperatorRole } from '../../../contract';
import { systemClock } from '../../clock';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { DomainError } from '../../errors';
import { Throttle } from '../../throttle/throttle';
import { AuditLog } from './audit';
import { Operators } from './operators';
import { Passwords, passwordCostOf } from '../account/passwords';

/**
 * `npm run admin:create -- --username alice --name "Alice" [--role admin]`: makes an operator
 * on the configured database, the way production gets its first admin (it seeds nobody). The
 * password is read from OPERATOR_PASSWORD or, when unset, from the first line of standard
 * input, so it never sits in the shell's history; a weak one is refused. The audit log names
 * the command line as the actor.
 */
const { values } = parseArgs({ options: { username: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'admin' } } });
if (!values.username || !OPERATOR_ROLES.includes(values.role as OperatorRole)) {
  console.error(`usage: npm run admin:create -- --username NAME [--name "Full name"] [--role ${OPERATOR_ROLES.join('|')}]  (password from OPERATOR_PASSWORD or stdin)`);
  process.exit(2);
}

async function readLine(): Promise<string> {
  for await (const line of createInterface({ input: process.stdin })) return line;
  return '';
}

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) { console.error(error.message); process.exit(1); }
  throw error;
}
const password = process.env.OPERATOR_PASSWORD ?? (await readLine());
const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateToLatest(database.db);
  const audit = new AuditLog(database.db);
  const operators = new Operators({ db: database.db, clock: systemClock(), throttle: new Throttle(database.db, systemClock()), audit, passwords: new Passwords(passwordCostOf(config)) });
  const username = values.username.toLowerCase();
  const created = await operators.create(
    { username, name: values.name ?? username, role: values.role as OperatorRole, password },
    { operatorId: null, username: 'cli', ip: null },
  );
  console.log(`operator '${created.username}' (${created.role}) created; the first login at /admin enrols an authenticator`);
} catch (error) {
  if (error instanceof DomainError) {
    console.error(error.code === 'WEAK_PASSWORD' ? 'refused: the password is too weak (at least 12 characters and hard to guess)' : `refused: ${error.code}`);
    process.exitCode = 1;
  } else throw error;
} finally {
  await database.close();
}
