import type { Kysely, Transaction } from 'kysely';
import { MEMBER_TAGS_PER_MEMBER } from '../../../../contract';
import type { DB } from '../../../db/schema';
import { refuse } from '../../../errors';
import type { Actor, AuditLog } from '../audit';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Operators' tags and notes on a member. A tag is a short label (the contract's pattern: letters
 * of any script, digits, space, . _ -); a note is plain text the console shows as text, never as
 * HTML, and is never edited or removed (the table refuses it). Every change is audited in its
 * own transaction.
 */
export class MemberTagsNotes {
  constructor(private readonly deps: { db: Kysely<DB>; audit: AuditLog }) {}

  async tags(memberId: number, db: Db = this.deps.db) {
    const rows = await db.selectFrom('member_tag').leftJoin('operator', 'operator.id', 'member_tag.operator_id')
      .select(['member_tag.tag', 'operator.username', 'member_tag.created_at'])
      .where('member_tag.member_id', '=', memberId).orderBy('member_tag.created_at').orderBy('member_tag.tag').execute();
    return rows.map((r) => ({ tag: r.tag, by: r.username, at: r.created_at.toISOString() }));
  }

  async notes(memberId: number) {
    const rows = await this.deps.db.selectFrom('member_note').leftJoin('operator', 'operator.id', 'member_note.operator_id')
      .select(['member_note.id', 'member_note.text', 'operator.username', 'member_note.created_at'])
      .where('member_note.member_id', '=', memberId).orderBy('member_note.id', 'desc').limit(100).execute();
    return rows.map((r) => ({ id: String(r.id), text: r.text, by: r.username, at: r.created_at.toISOString() }));
  }

  /** Adds a tag (one already there changes nothing and is not audited again). */
  async addTag(memberId: number, tag: string, actor: Actor) {
    return this.deps.db.transaction().execute(async (trx) => {
      // The member row orders concurrent additions, so the limit holds under a race.
      const member = await trx.selectFrom('member').select('id').where('id', '=', memberId).forUpdate().executeTakeFirst();
      if (!member) return refuse('NOT_FOUND');
      const before = await this.tags(memberId, trx);
      if (before.some((t) => t.tag === tag)) return { tags: before };
      if (before.length >= MEMBER_TAGS_PER_MEMBER) refuse('MEMBER_TAG_LIMIT');
      await trx.insertInto('member_tag').values({ member_id: memberId, tag, operator_id: actor.operatorId }).execute();
      const after = await this.tags(memberId, trx);
      await this.deps.audit.record(actor, {
        action: 'member.tag_add', targetType: 'member', targetId: memberId, before: { tags: before.map((t) => t.tag) }, after: { tags: after.map((t) => t.tag) },
      }, trx);
      return { tags: after };
    });
  }

  async removeTag(memberId: number, tag: string, actor: Actor) {
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await this.tags(memberId, trx);
      const removed = await trx.deleteFrom('member_tag').where('member_id', '=', memberId).where('tag', '=', tag).executeTakeFirst();
      if (!removed.numDeletedRows) return refuse('NOT_FOUND');
      const after = await this.tags(memberId, trx);
      await this.deps.audit.record(actor, {
        action: 'member.tag_remove', targetType: 'member', targetId: memberId, before: { tags: before.map((t) => t.tag) }, after: { tags: after.map((t) => t.tag) },
      }, trx);
      return { tags: after };
    });
  }

  async addNote(memberId: number, text: string, actor: Actor & { username: string }) {
    return this.deps.db.transaction().execute(async (trx) => {
      const member = await trx.selectFrom('member').select('id').where('id', '=', memberId).executeTakeFirst();
      if (!member) return refuse('NOT_FOUND');
      const note = await trx.insertInto('member_note').values({ member_id: memberId, text, operator_id: actor.operatorId })
        .returning(['id', 'created_at']).executeTakeFirstOrThrow();
      await this.deps.audit.record(actor, { action: 'member.note', targetType: 'member', targetId: memberId, after: { note: String(note.id), text } }, trx);
      return { id: String(note.id), text, by: actor.username, at: note.created_at.toISOString() };
    });
  }
}
