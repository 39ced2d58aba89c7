import type { Kysely } from 'kysely';
import { toMinor } from '../../../src/contract';
import type { DB } from '../../../src/server/db/schema';
import { AccountDirectory, house, wallet } from '../../../src/server/ledger/accounts';
import { openMemberAccounts } from '../../../src/server/ledger/member-accounts';
import { postEntry } from '../../../src/server/ledger/post';
import type { GameLogin } from '../../../src/server/providers/games/adapter';
import { Sessions } from '../../../src/server/modules/sessions/sessions';
import { DemoProviderEngine } from '../../../src/server/sandbox/simulators/demo-provider/engine';

export interface Player {
  id: number;
  token: string;
}

/** Opens a member's player at the game provider PG (the demo provider unless a test says whose). */
export type OpenGameAccount = (memberId: number) => Promise<GameLogin>;

/**
 * Members written straight into a database that a separate server process will serve: each
 * with `funding` in the wallet and an active account at the game provider PG (the demo provider,
 * or the one `openGameAccount` opens it at), and a session.
 */
export async function seedPlayers(db: Kysely<DB>, count: number, funding: number, phonePrefix = '08900', openGameAccount?: OpenGameAccount): Promise<Player[]> {
  const accounts = new AccountDirectory();
  const demo = new DemoProviderEngine(db);
  const openAccount = openGameAccount ?? ((memberId: number) => demo.createPlayer('PG', memberId));
  const sessions = new Sessions(db);
  const players: Player[] = [];
  for (let i = 0; i < count; i++) {
    const id = await db.transaction().execute(async (trx) => {
      const m = await trx.insertInto('member').values({
        username: `${phonePrefix}${String(i).padStart(10 - phonePrefix.length, '0')}`, name: `Player ${i}`, password_hash: 'x', country: 'TH', currency: 'BAHT',
        bank_code: 'SCB', bank_account_name: 'PLAYER TEST', bank_account_no: `99900000${i}`, source_code: null, referrer_id: null,
      }).returning('id').executeTakeFirstOrThrow();
      await openMemberAccounts(trx, m.id);
      await postEntry(trx, accounts, { kind: 'deposit', memberId: m.id, currency: 'BAHT', postings: [
        { account: wallet(m.id), amount: toMinor(funding) }, { account: house('deposits:test'), amount: -toMinor(funding) },
      ] });
      return m.id;
    });
    const login = await openAccount(id);
    await db.updateTable('game_account').set({ is_active: true, username: login.username, password: login.password })
      .where('member_id', '=', id).where('provider_code', '=', 'PG').execute();
    players.push({ id, token: await sessions.create(id, { persistent: true }) });
  }
  return players;
}
