import { sql, type Kysely } from 'kysely';
import { SIGN_IN_BURST } from '../../../contract';
import type { DB } from '../../db/schema';

/**
 * The bursts of failed operator sign-ins, read from the audit log (each failure is a line
 * `operator.login_failed` with the username tried and the address). A stranger's guesses no
 * longer lock anyone out, so admins must be able to see them: the operators page lists each
 * username with enough failures in the last hour, and from how many addresses. The window is
 * the database's clock, which stamps the lines.
 */
export class SignInFailures {
  constructor(private readonly db: Kysely<DB>) {}

  async bursts() {
    const { windowMinutes, minFailures } = SIGN_IN_BURST;
    const rows = await this.db.selectFrom('operator_audit')
      .select((eb) => [
        'operator_username',
        eb.fn.countAll<string>().as('failures'),
        sql<string>`count(distinct ip)`.as('addresses'),
        eb.fn.max('created_at').as('last_at'),
      ])
      .where('action', '=', 'operator.login_failed')
      .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${windowMinutes})`)
      .groupBy('operator_username')
      .having((eb) => eb.fn.countAll(), '>=', minFailures)
      .orderBy('failures', 'desc')
      .limit(20)
      .execute();
    return {
      windowMinutes,
      items: rows.map((r) => ({
        username: r.operator_username ?? '',
        failures: Number(r.failures),
        addresses: Number(r.addresses),
        lastAt: new Date(r.last_at).toISOString(),
      })),
    };
  }
}
