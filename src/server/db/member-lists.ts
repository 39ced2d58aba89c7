import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import { DomainError } from '../errors';
import type { DB } from './schema';

/**
 * Pages of a member's lists (statement, slips, and any list that follows: invites, refunds,
 * coupons, chat history) that cost what the page costs, however long everyone's history is.
 * How to make a new list this way: `member-lists.md` beside this file.
 */

/** SPEC's page and limit, plus the cursor an earlier page answered (it wins over `page`). */
export interface ListPageRequest {
  page: number;
  limit: number;
  cursor?: string;
}

export interface ListPage<Row> {
  rows: Row[];
  /** Names the last row: the next page starts after it. Null on the last page. */
  cursor: string | null;
}

/** Where a page starts: after the row a cursor names, or `skip` rows from the newest. */
export interface PageStart<Key> {
  after?: Key;
  skip: number;
}

export interface KeysetPageOptions<Row, Key> {
  request: ListPageRequest;
  /** What a cursor holds: the list's order key of a row (checked, since the client sends it back). */
  key: z.ZodType<Key>;
  keyOf: (row: Row) => Key;
  /**
   * Reads up to `take` rows newest first from `start`, through an index in that order
   * (member_id first), with `(order key) < after` when `after` is given.
   */
  load: (start: PageStart<Key>, take: number) => Promise<Row[]>;
  /**
   * Where SPEC's page N starts without walking the pages before it, for a list that numbers
   * its rows (the statement). Without it page N skips (N - 1) * limit rows of the index.
   */
  pageStart?: (page: number, limit: number) => Key;
}

const encodeCursor = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor<Key>(cursor: string, key: z.ZodType<Key>): Key {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new DomainError('INVALID_INPUT', 'unreadable cursor');
  }
  const checked = key.safeParse(parsed);
  if (!checked.success) throw new DomainError('INVALID_INPUT', 'unreadable cursor');
  return checked.data;
}

/** One page of a member's list, newest first, by keyset (a cursor) or by SPEC's page number. */
export async function keysetPage<Row, Key>(options: KeysetPageOptions<Row, Key>): Promise<ListPage<Row>> {
  const { request } = options;
  const { limit } = request;
  let start: PageStart<Key>;
  if (request.cursor !== undefined) start = { after: decodeCursor(request.cursor, options.key), skip: 0 };
  else if (options.pageStart) start = { after: options.pageStart(request.page, limit), skip: 0 };
  else start = { skip: (request.page - 1) * limit };
  // One row more than asked tells whether there is a next page, without counting.
  const rows = await options.load(start, limit + 1);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page, cursor: more ? encodeCursor(options.keyOf(page[page.length - 1])) : null };
}

/** How many rows a member's list holds: its running count, one row read. */
export async function memberListTotal(db: Kysely<DB> | Transaction<DB>, memberId: number, list: string): Promise<number> {
  const row = await db.selectFrom('member_list_count').select('n').where('member_id', '=', memberId).where('list', '=', list).executeTakeFirst();
  return row ? Number(row.n) : 0;
}
