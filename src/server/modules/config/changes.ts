import { sql, type Kysely, type Transaction } from 'kysely';
import { ADMIN_PAGE_SIZE, canonicalJson, CONFIG_SECTIONS, CONFIG_TARGET, type ConfigChangeStatus, type ConfigChangeView, type ConfigSectionName } from '../../../contract';
import type { DB } from '../../db/schema';
import { refuse } from '../../errors';
import type { Actor, AuditLog } from '../admin/audit';
import { independentChecker } from '../admin/four-eyes';
import type { ConfigSection } from './section';

type Operator = Actor & { operatorId: number; username: string };

/** Values compare by content: jsonb keeps object keys in its own order. */
const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/**
 * One change to an item at a time: two approvals of different proposals for the same item would
 * otherwise both find it as proposed (read committed) and the second would overwrite the first
 * unseen. The lock is the transaction's, released at its end.
 */
const lockItem = (trx: Transaction<DB>, section: string, target: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`config:${section}:${target}`}))`.execute(trx);
const json = (value: unknown) => JSON.stringify(value ?? null);

/**
 * Configuration changes: every change an operator makes in the console is one `config_change`
 * row and one audit line, written in the transaction that applies it. A text or a switch applies
 * at once. A change that moves or can move money is recorded `pending` and applies when an
 * independent operator approves it (`../admin/four-eyes.ts`; a CHECK and a trigger in the
 * database, migration 0030); if the item changed in between, the approval is refused
 * (CONFIG_STALE) rather than overwrite what the approver never saw.
 */
export class ConfigChanges {
  constructor(private readonly deps: { db: Kysely<DB>; audit: AuditLog; sections: Map<ConfigSectionName, ConfigSection> }) {}

  section(name: ConfigSectionName): ConfigSection {
    const section = this.deps.sections.get(name);
    if (!section) return refuse('NOT_FOUND');
    return section;
  }

  async overview() {
    const rows = await this.deps.db.selectFrom('config_change').where('status', '=', 'pending')
      .select(['section', sql<string>`count(*)`.as('pending')]).groupBy('section').execute();
    const pending = new Map(rows.map((r) => [r.section, Number(r.pending)]));
    // In the contract's order (money first), whatever order the sections were composed in.
    return { sections: CONFIG_SECTIONS.filter((name) => this.deps.sections.has(name)).map((name) => ({ name, pending: pending.get(name) ?? 0 })) };
  }

  async items(name: ConfigSectionName) {
    const section = this.section(name);
    const targets = await section.targets(this.deps.db);
    const items = await Promise.all(targets.map(async (target) => ({ target, value: await section.read(this.deps.db, target) })));
    const pending = await this.select().where('c.section', '=', name).where('c.status', '=', 'pending').orderBy('c.id', 'desc').execute();
    return { items, pending: await Promise.all(pending.map((row) => this.view(row))) };
  }

  /** Parses, cleans and checks an operator's value; texts apply now, money changes wait for approval. */
  async change(name: ConfigSectionName, target: string, raw: unknown, actor: Operator): Promise<ConfigChangeView> {
    const section = this.section(name);
    if (!CONFIG_TARGET.test(target)) return refuse('NOT_FOUND');
    const parsed = section.schema.safeParse(raw);
    if (!parsed.success) return refuse('INVALID_INPUT');
    const value = section.clean ? section.clean(parsed.data) : parsed.data;
    const known = (await section.targets(this.deps.db)).includes(target);
    if (!known && !section.newTarget?.test(target)) return refuse('NOT_FOUND');
    await section.check?.(this.deps.db, target, value);

    const id = await this.deps.db.transaction().execute(async (trx) => {
      await lockItem(trx, name, target);
      const before = known ? await section.read(trx, target) : null;
      const movesMoney = section.movesMoney(before, value);
      const row = await trx.insertInto('config_change').values({
        section: name, target, moves_money: movesMoney, before: before === null ? null : json(before), after: json(value),
        status: movesMoney ? 'pending' : 'applied', proposed_by: actor.operatorId, decided_by: null,
        note: null, decided_at: movesMoney ? null : new Date(),
      }).returning('id').executeTakeFirstOrThrow();
      if (!movesMoney) await section.write(trx, target, value);
      await this.deps.audit.record(actor, {
        action: movesMoney ? 'config.propose' : 'config.change', targetType: `config.${name}`, targetId: target, before, after: value,
      }, trx);
      return String(row.id);
    });
    return this.item(id);
  }

  async list(status: ConfigChangeStatus, page: number) {
    const [{ total }, rows] = await Promise.all([
      this.deps.db.selectFrom('config_change').where('status', '=', status).select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      this.select().where('c.status', '=', status).orderBy('c.id', 'desc').limit(ADMIN_PAGE_SIZE).offset((page - 1) * ADMIN_PAGE_SIZE).execute(),
    ]);
    return { total: Number(total), items: await Promise.all(rows.map((row) => this.view(row))) };
  }

  async approve(id: string, actor: Operator): Promise<ConfigChangeView> {
    const change = await this.row(id);
    if (change.status !== 'pending') {
      if (change.status === 'applied' && change.decided_by === actor.operatorId) return this.view(change);
      return refuse('ALREADY_DECIDED');
    }
    if (!(await independentChecker(this.deps.db, change.proposed_by, actor.operatorId))) return refuse('OWN_PROPOSAL');
    const name = change.section as ConfigSectionName;
    const section = this.section(name);
    const value = section.schema.parse(change.after);
    await section.check?.(this.deps.db, change.target, value);
    const decided = await this.deps.db.transaction().execute(async (trx) => {
      await lockItem(trx, name, change.target);
      const now = await section.read(trx, change.target);
      if (!same(now, change.before)) return 'stale' as const;
      const row = await trx.updateTable('config_change')
        .set({ status: 'applied', decided_by: actor.operatorId, decided_at: new Date() })
        .where('id', '=', BigInt(id)).where('status', '=', 'pending').returning('id').executeTakeFirst();
      if (!row) return 'decided' as const;
      await section.write(trx, change.target, value);
      await this.deps.audit.record(actor, {
        action: 'config.approve', targetType: `config.${name}`, targetId: change.target, before: change.before, after: value,
      }, trx);
      return 'applied' as const;
    });
    if (decided === 'stale') return refuse('CONFIG_STALE');
    if (decided === 'decided') return refuse('ALREADY_DECIDED');
    return this.item(id);
  }

  /** Any approver may turn a proposal down, and its proposer may withdraw it. */
  async reject(id: string, note: string | undefined, actor: Operator): Promise<ConfigChangeView> {
    const change = await this.row(id);
    const done = await this.deps.db.transaction().execute(async (trx) => {
      const row = await trx.updateTable('config_change')
        .set({ status: 'rejected', decided_by: actor.operatorId, decided_at: new Date(), note: note ?? null })
        .where('id', '=', BigInt(id)).where('status', '=', 'pending').returning('id').executeTakeFirst();
      if (!row) return false;
      await this.deps.audit.record(actor, {
        action: 'config.reject', targetType: `config.${change.section}`, targetId: change.target, before: change.before, after: change.after,
      }, trx);
      return true;
    });
    if (!done) {
      const now = await this.row(id);
      if (now.status === 'rejected' && now.decided_by === actor.operatorId) return this.view(now);
      return refuse('ALREADY_DECIDED');
    }
    return this.item(id);
  }

  private async row(id: string) {
    if (!/^\d{1,18}$/.test(id)) return refuse('NOT_FOUND');
    const row = await this.select().where('c.id', '=', BigInt(id)).executeTakeFirst();
    if (!row) return refuse('NOT_FOUND');
    return row;
  }

  private async item(id: string) {
    return this.view(await this.row(id));
  }

  private select() {
    return this.deps.db.selectFrom('config_change as c')
      .innerJoin('operator as p', 'p.id', 'c.proposed_by')
      .leftJoin('operator as d', 'd.id', 'c.decided_by')
      .select([
        'c.id', 'c.section', 'c.target', 'c.moves_money', 'c.before', 'c.after', 'c.status', 'c.proposed_by', 'c.decided_by',
        'c.note', 'c.created_at', 'c.decided_at', 'p.username as proposer', 'd.username as decider',
      ]);
  }

  private async view(row: Awaited<ReturnType<ReturnType<ConfigChanges['select']>['executeTakeFirstOrThrow']>>): Promise<ConfigChangeView> {
    let stale = false;
    if (row.status === 'pending') {
      const section = this.deps.sections.get(row.section as ConfigSectionName);
      stale = !section || !same(await section.read(this.deps.db, row.target), row.before);
    }
    return {
      id: String(row.id), section: row.section as ConfigSectionName, target: row.target, movesMoney: row.moves_money,
      status: row.status, before: row.before ?? null, after: row.after, stale,
      proposedBy: row.proposer, decidedBy: row.decider ?? null, note: row.note,
      createdAt: row.created_at.toISOString(), decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
    };
  }
}
