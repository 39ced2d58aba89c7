import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { z } from 'zod';
import { CHAT_EVENTS, chatUploadId, chatUploadPath, type ResponseOf } from '../../../contract';
import type { chatHistory, chatSendMessage } from '../../../contract/endpoints/chat';
import type { adminChatConversations, operatorMessage } from '../../../contract/endpoints/chatOperator';
import type { MemberNotices } from '../../notices/member-notices';
import type { Clock } from '../../clock';
import type { ChatConversationTable, ChatMessageTable, DB } from '../../db/schema';
import { refuse } from '../../errors';
import { consoleRoom, customerRoom, type ChatCustomer } from './identity';
import { UUID } from '../../db/uuid';

export type ConversationMessage = ResponseOf<typeof chatHistory>['messages'][number];
export type ConversationSummary = ResponseOf<typeof adminChatConversations>['conversations'][number];
type CustomerMessage = z.output<NonNullable<typeof chatSendMessage.body>>['message'];
type OperatorMessage = z.output<typeof operatorMessage>;
type Conversation = Selectable<ChatConversationTable>;

export const CUSTOMER_SENDER = 'customer';
/** Where a customer's uploaded file is read from; a media message names its file by this path. */
export const chatFilePath = chatUploadPath;
/** A file's id: a UUID exactly (36 dashes would reach the database's uuid cast and fail there). */
export const FILE_ID = UUID;

export interface ChatConversationsDeps {
  db: Kysely<DB>;
  clock: Clock;
  roomPrefix: string;
  /** Sends to a room on every node; called only after the message has committed. */
  emit: (room: string, event: string, payload: unknown) => void;
  /** What a member is told outside the open page (a push), after commit: an operator's answer. */
  notices?: MemberNotices;
}

const newSession = () => randomUUID();

/**
 * The support chat's conversations: one per member or guest, messages in order, read marks
 * for each side. Customers reach theirs through the chat routes (identified by customerOf);
 * operators reach any through the operator API. A stored message goes to the customer's room
 * after commit, on every node.
 */
export class ChatConversations {
  constructor(private readonly deps: ChatConversationsDeps) {}

  private get db() {
    return this.deps.db;
  }

  private find(db: Kysely<DB>, customer: ChatCustomer) {
    const q = db.selectFrom('chat_conversation').selectAll();
    return (customer.kind === 'member' ? q.where('member_id', '=', customer.memberId) : q.where('guest_id', '=', customer.guestId)).executeTakeFirst();
  }

  /** The customer's conversation, made on their first message (one per customer: a unique key). */
  private async ensure(trx: Transaction<DB>, customer: ChatCustomer, at: Date): Promise<Conversation> {
    const insert = trx.insertInto('chat_conversation').values({
      id: randomUUID(),
      member_id: customer.kind === 'member' ? customer.memberId : null,
      guest_id: customer.kind === 'guest' ? customer.guestId : null,
      session_id: newSession(),
      last_message_at: at,
    } as never);
    const row = await insert
      .onConflict((oc) => oc.column(customer.kind === 'member' ? 'member_id' : 'guest_id').doUpdateSet({ last_message_at: at }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  }

  /** Tells the back office's open chat pages, on every node, that a conversation changed (after commit). */
  private changed(conversationId: string) {
    this.deps.emit(consoleRoom(this.deps.roomPrefix), CHAT_EVENTS.console, { conversationId });
  }

  private roomOf(conversation: Pick<Conversation, 'member_id' | 'guest_id'>) {
    const customer: ChatCustomer = conversation.member_id !== null
      ? { kind: 'member', memberId: conversation.member_id }
      : { kind: 'guest', guestId: conversation.guest_id! };
    return customerRoom(this.deps.roomPrefix, customer);
  }

  private toMessage(row: Selectable<ChatMessageTable>, conversation: Pick<Conversation, 'member_id' | 'guest_id'>): ConversationMessage {
    return {
      _id: row.id,
      sender: row.sender,
      message: (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as ConversationMessage['message'],
      userId: conversation.member_id === null ? null : String(conversation.member_id),
      guestId: conversation.guest_id,
      username: row.username,
      name: row.name,
      deviceToken: row.device_token,
      createdAt: new Date(row.created_at).toISOString(),
      session_id: row.session_id,
    };
  }

  private async append(
    trx: Transaction<DB>,
    conversation: Conversation,
    sender: string,
    body: unknown,
    who: { username: string | null; name: string | null; deviceToken: string | null },
    at: Date,
  ) {
    const row = await trx
      .insertInto('chat_message')
      .values({
        id: randomUUID(),
        conversation_id: conversation.id,
        sender,
        body: JSON.stringify(body),
        username: who.username,
        name: who.name,
        device_token: who.deviceToken,
        session_id: conversation.session_id,
        created_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.updateTable('chat_conversation').set({ last_message_at: at }).where('id', '=', conversation.id).execute();
    return row;
  }

  /** A customer's message. A media message may only name a file this conversation uploaded. */
  async sendFromCustomer(
    customer: ChatCustomer,
    input: { message: CustomerMessage; username?: string; name?: string; deviceToken?: string },
  ): Promise<ConversationMessage> {
    const at = this.deps.clock.now();
    const { row, conversation } = await this.db.transaction().execute(async (trx) => {
      const conversation = await this.ensure(trx, customer, at);
      const body = await this.customerBody(trx, conversation.id, input.message);
      // A member's name is the member's own, not what the request claims.
      const who = customer.kind === 'member'
        ? await trx.selectFrom('member').select(['username', 'name']).where('id', '=', customer.memberId).executeTakeFirstOrThrow()
        : { username: input.username ?? null, name: input.name ?? null };
      const row = await this.append(trx, conversation, CUSTOMER_SENDER, body, { ...who, deviceToken: input.deviceToken ?? null }, at);
      return { row, conversation };
    });
    const message = this.toMessage(row, conversation);
    this.deps.emit(this.roomOf(conversation), CHAT_EVENTS.messaging, message);
    this.changed(conversation.id);
    return message;
  }

  /**
   * The conversation's uploaded file a media message names, marked sent (kept from now on) in the
   * message's transaction. The row lock orders it with the sweep of unsent uploads: a file being
   * swept is waited for and then not found, a file being sent is skipped by the sweep.
   */
  private async attachFile(trx: Transaction<DB>, conversationId: string, filePath: string) {
    const fileId = chatUploadId(filePath);
    if (!fileId) return undefined;
    return trx.updateTable('chat_file')
      .set((eb) => ({ attached_at: eb.fn.coalesce('attached_at', eb.val(this.deps.clock.now())) }))
      .where('id', '=', fileId).where('conversation_id', '=', conversationId)
      .returning(['id', 'file_type', 'name'])
      .executeTakeFirst();
  }

  private async customerBody(trx: Transaction<DB>, conversationId: string, message: CustomerMessage) {
    if (message.message_type !== 'media') return message;
    // Customers send only files they uploaded here: never an outside address an operator's page would load.
    const file = message.payload.url ? undefined : await this.attachFile(trx, conversationId, message.payload.filePath);
    if (!file) refuse('NOT_FOUND', 'a media message names a file uploaded to this conversation');
    return {
      message_type: 'media' as const,
      payload: { message: message.payload.message, url: false, fileType: file!.file_type, filePath: chatFilePath(file!.id), name: file!.name },
    };
  }

  /** A page of the customer's conversation: `limit` messages, skipping the `skip` newest, oldest first. */
  async history(customer: ChatCustomer, limit: number, skip: number): Promise<ConversationMessage[]> {
    const conversation = await this.find(this.db, customer);
    return conversation ? this.page(conversation, limit, skip) : [];
  }

  private async page(conversation: Conversation, limit: number, skip: number) {
    const rows = await this.db
      .selectFrom('chat_message')
      .selectAll()
      .where('conversation_id', '=', conversation.id)
      .orderBy('seq', 'desc')
      .limit(limit)
      .offset(skip)
      .execute();
    return rows.reverse().map((row) => this.toMessage(row, conversation));
  }

  /** The customer has read the site's messages. */
  async markReadByCustomer(customer: ChatCustomer): Promise<void> {
    const conversation = await this.find(this.db, customer);
    if (!conversation) return;
    await this.db
      .updateTable('chat_message')
      .set({ read_at: this.deps.clock.now() })
      .where('conversation_id', '=', conversation.id)
      .where('sender', '<>', CUSTOMER_SENDER)
      .where('read_at', 'is', null)
      .execute();
  }

  /** How many of the site's messages the customer has not read (the chat button's badge). */
  async unreadByCustomer(customer: ChatCustomer): Promise<number> {
    const conversation = await this.find(this.db, customer);
    if (!conversation) return 0;
    const row = await this.db
      .selectFrom('chat_message')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('conversation_id', '=', conversation.id)
      .where('sender', '<>', CUSTOMER_SENDER)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The conversation a customer's file belongs to, when it is theirs. */
  async customerFile(customer: ChatCustomer, fileId: string) {
    const conversation = await this.find(this.db, customer);
    if (!conversation) return undefined;
    return this.db.selectFrom('chat_file').selectAll().where('id', '=', fileId).where('conversation_id', '=', conversation.id).executeTakeFirst();
  }

  /** The customer's conversation, made if needed (an upload comes before its message). */
  async conversationFor(customer: ChatCustomer): Promise<Conversation> {
    const existing = await this.find(this.db, customer);
    if (existing) return existing;
    return this.db.transaction().execute((trx) => this.ensure(trx, customer, this.deps.clock.now()));
  }

  // The operator side.

  private summaries() {
    return this.db
      .selectFrom('chat_conversation as c')
      .leftJoin('member as m', 'm.id', 'c.member_id')
      .selectAll('c')
      .select(['m.username as member_username', 'm.name as member_name'])
      .select((eb) =>
        eb
          .selectFrom('chat_message as u')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('u.conversation_id', '=', 'c.id')
          .where('u.sender', '=', CUSTOMER_SENDER)
          .where('u.read_at', 'is', null)
          .as('unread'),
      );
  }

  private async toSummary(row: Awaited<ReturnType<ReturnType<ChatConversations['summaries']>['executeTakeFirstOrThrow']>>): Promise<ConversationSummary> {
    const last = await this.db.selectFrom('chat_message').selectAll().where('conversation_id', '=', row.id).orderBy('seq', 'desc').limit(1).executeTakeFirst();
    // A guest's name is what their own messages said, never the operator's who answered last.
    const customer = row.member_id === null
      ? await this.db.selectFrom('chat_message').select(['username', 'name']).where('conversation_id', '=', row.id).where('sender', '=', CUSTOMER_SENDER)
        .orderBy('seq', 'desc').limit(1).executeTakeFirst()
      : undefined;
    return {
      _id: row.id,
      userId: row.member_id === null ? null : String(row.member_id),
      guestId: row.guest_id,
      username: row.member_username ?? customer?.username ?? null,
      name: row.member_name ?? customer?.name ?? null,
      session_id: row.session_id,
      lastMessageAt: new Date(row.last_message_at).toISOString(),
      unread: Number(row.unread ?? 0),
      lastMessage: last ? this.toMessage(last, row) : null,
    };
  }

  /** Conversations with a customer's message no operator has read yet (the metrics' unanswered chats). */
  async unansweredCount(): Promise<number> {
    const row = await this.db.selectFrom('chat_message').select(sql<number>`count(distinct conversation_id)::int`.as('n'))
      .where('sender', '=', CUSTOMER_SENDER).where('read_at', 'is', null).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Conversations by last activity, newest first, with unread counts. */
  async list(limit: number, skip: number): Promise<ConversationSummary[]> {
    const rows = await this.summaries().orderBy('c.last_message_at', 'desc').orderBy('c.id').limit(limit).offset(skip).execute();
    return Promise.all(rows.map((row) => this.toSummary(row)));
  }

  private async byId(conversationId: string) {
    const row = await this.summaries().where('c.id', '=', conversationId).executeTakeFirst();
    if (!row) refuse('NOT_FOUND', 'no such conversation');
    return row!;
  }

  async read(conversationId: string, limit: number, skip: number) {
    const row = await this.byId(conversationId);
    return { conversation: await this.toSummary(row), messages: await this.page(row, limit, skip) };
  }

  /** An operator's reply, in any kind; it reaches the customer's room live. */
  /** An operator's answer; `record` runs in the same transaction (the back office's audit line). */
  async reply(
    conversationId: string,
    operator: { sender: string; name: string },
    message: OperatorMessage,
    record?: (trx: Transaction<DB>, messageId: string) => Promise<void>,
  ): Promise<ConversationMessage> {
    const at = this.deps.clock.now();
    const { row, conversation } = await this.db.transaction().execute(async (trx) => {
      const conversation = await trx.selectFrom('chat_conversation').selectAll().where('id', '=', conversationId).forUpdate().executeTakeFirst();
      if (!conversation) refuse('NOT_FOUND', 'no such conversation');
      // An uploaded file an answer shows (a media message, a card's picture) must be this conversation's; it is kept from now on.
      for (const path of uploadsNamedBy(message)) await this.requireOwnFile(trx, conversation!.id, path);
      const row = await this.append(trx, conversation!, operator.sender, message, { username: null, name: operator.name, deviceToken: null }, at);
      await record?.(trx, row.id);
      return { row, conversation: conversation! };
    });
    const sent = this.toMessage(row, conversation);
    this.deps.emit(this.roomOf(conversation), CHAT_EVENTS.messaging, sent);
    this.changed(conversation.id);
    // A member (never a guest: no one to reach) hears of an operator's answer; their own messages tell nothing.
    if (conversation.member_id !== null) this.deps.notices?.tell(conversation.member_id, { kind: 'chat.answered' });
    return sent;
  }

  private async requireOwnFile(trx: Transaction<DB>, conversationId: string, filePath: string) {
    if (!(await this.attachFile(trx, conversationId, filePath))) refuse('NOT_FOUND', 'an uploaded file of this conversation');
  }

  async markReadByOperator(conversationId: string): Promise<void> {
    await this.byId(conversationId);
    await this.db
      .updateTable('chat_message')
      .set({ read_at: this.deps.clock.now() })
      .where('conversation_id', '=', conversationId)
      .where('sender', '=', CUSTOMER_SENDER)
      .where('read_at', 'is', null)
      .execute();
    this.changed(conversationId);
  }

  /** Ends the session: the widget shows the end-of-conversation marker before the next message. */
  async endSession(conversationId: string): Promise<string> {
    const session = newSession();
    const updated = await this.db.updateTable('chat_conversation').set({ session_id: session }).where('id', '=', conversationId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) refuse('NOT_FOUND', 'no such conversation');
    this.changed(conversationId);
    return session;
  }

  /** A conversation's id, for an operator's upload to it; NOT_FOUND when there is none. */
  async conversationId(conversationId: string): Promise<string> {
    const row = await this.db.selectFrom('chat_conversation').select('id').where('id', '=', conversationId).executeTakeFirst();
    if (!row) refuse('NOT_FOUND', 'no such conversation');
    return row!.id;
  }

  /** Any file of any conversation (operators). */
  file(fileId: string) {
    return this.db.selectFrom('chat_file').selectAll().where('id', '=', fileId).executeTakeFirst();
  }
}

/** The uploads an operator's answer shows: a media message's file, the cards' pictures. */
function uploadsNamedBy(message: OperatorMessage): string[] {
  if (message.message_type === 'media') return message.payload.url ? [] : [message.payload.filePath];
  if (message.message_type === 'generic') return message.payloads.flatMap((card) => (card.image_url && chatUploadId(card.image_url) ? [card.image_url] : []));
  return [];
}
