import { sql, type Kysely, type Transaction } from 'kysely';
import { ADMIN_PAGE_SIZE } from '../../../contract';
import type { DB } from '../../db/schema';

/** Who acted: the operator's identity and the address the request came from. */
export interface Actor {
  operatorId: number | null;
  username: string | null;
  ip: string | null;
}

export interface AuditLine {
  action: string;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
}

export interface AuditFilter {
  operator?: string;
  action?: string;
  targetId?: string;
  /** From this instant (inclusive) to that one (exclusive), ISO 8601. */
  from?: string;
  to?: string;
  page: number;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));

/**
 * The append-only record of every operator action (migration 0014: triggers refuse update,
 * delete and truncate). Written in the action's own transaction where the action has one, so
 * an action and its line commit together.
 */
export class AuditLog {
  constructor(private readonly db: Kysely<DB>) {}

  async record(actor: Actor, line: AuditLine, trx: Kysely<DB> | Transaction<DB> = this.db): Promise<void> {
    await trx.insertInto('operator_audit').values({
      operator_id: actor.operatorId,
      operator_username: actor.username,
      action: line.action,
      target_type: line.targetType ?? null,
      target_id: line.targetId === undefined ? null : String(line.targetId),
      before: json(line.before),
      after: json(line.after),
      ip: actor.ip,
    }).execute();
  }

  async page(filter: AuditFilter) {
    let query = this.db.selectFrom('operator_audit');
    if (filter.operator) query = query.where('operator_username', '=', filter.operator.toLowerCase());
    // An action from the list matches itself; one ending with a dot is a family (`arrival.`).
    if (filter.action) {
      query = filter.action.endsWith('.')
        ? query.where('action', 'like', `${filter.action.replace(/[%_\\]/g, '\\$&')}%`)
        : query.where('action', '=', filter.action);
    }
    if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
    if (filter.from) query = query.where('created_at', '>=', new Date(filter.from));
    if (filter.to) query = query.where('created_at', '<', new Date(filter.to));
    const [{ total }, rows] = await Promise.all([
      query.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      query.selectAll().orderBy('id', 'desc').limit(ADMIN_PAGE_SIZE).offset((filter.page - 1) * ADMIN_PAGE_SIZE).execute(),
    ]);
    return {
      total: Number(total),
      items: rows.map((r) => ({
        id: String(r.id), operator: r.operator_username, action: r.action, targetType: r.target_type, targetId: r.target_id,
        before: r.before ?? null, after: r.after ?? null, ip: r.ip, createdAt: r.created_at.toISOString(),
      })),
    };
  }

  /** What the page's filters offer: the operators and actions that occur, and the log's first and last time. */
  async facets() {
    const [operators, actions, span] = await Promise.all([
      this.db.selectFrom('operator_audit').select('operator_username').distinct().where('operator_username', 'is not', null).orderBy('operator_username').execute(),
      this.db.selectFrom('operator_audit').select('action').distinct().orderBy('action').execute(),
      this.db.selectFrom('operator_audit').select([sql<Date | null>`min(created_at)`.as('first'), sql<Date | null>`max(created_at)`.as('last')]).executeTakeFirstOrThrow(),
    ]);
    const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
    return {
      operators: operators.map((r) => r.operator_username!),
      actions: actions.map((r) => r.action),
      first: iso(span.first),
      last: iso(span.last),
    };
  }
}
