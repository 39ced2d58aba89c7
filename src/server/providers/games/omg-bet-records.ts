import { ProviderFault, type TurnoverFrom, type TurnoverReport } from './adapter';
import { fromOmgAmount, omgPost } from './omg-adapter';

/**
 * A player's turnover at OMG, read from its back office's bet records as the document describes:
 *   https://docs.omgapi.cc/en/reports-and-functional/user-bet-record
 *   POST {OMG_BACKEND_URL}/api/v1/merchant/outer/record/GetGameRecordList?trace_id=<unique>
 * signed as every OMG call (md5 of query + body + the merchant's key, header `sign`), body
 * `app_id`, `uname`, `page` (from 1), `size` (at most 1000), `start_time` and `end_time` (seconds,
 * UTC). Success here is code 1, not 0 (back-office calls; OMG's restatement in
 * github.com/omgapi/omg-api-integration, OMG_API_接入_SKILL.md, commit 6d3c4bf, section 6). The
 * answer's `data` lists records with `id_str`, `bet` (decimal; the document's table says text,
 * OMG's example writes a number, both are read) and `create_time`; it gives no page count, so pages
 * are read until one comes back empty, at least 500 ms apart (OMG's rate rule for record pulls).
 */
export interface OmgBetRecordSettings {
  /** {OMG_BACKEND_URL}. */
  backendUrl: string;
  appId: string;
  signKey: string;
  timeoutMs: number;
  /** Seconds since the epoch (tests pin it). */
  now?: () => number;
  /** The pause between two pulls of this process (the document's 500 ms; tests shorten it). */
  pullGapMs?: number;
}

/** The document's largest page. */
export const RECORD_PAGE_SIZE = 1000;
/** Back-office success (code 1; the game API's is 0). */
const BACKEND_OK = 1;
/**
 * A read stops a minute short of now: a round's record may be written a moment after its bet, and
 * a record older than the cursor is never read again. The document names no delay; this is our margin.
 */
const SETTLE_SECONDS = 60;

/**
 * Reads turnover for every OMG code of this process: one instance, so its pulls keep OMG's pace
 * together. The cursor is the second up to which bets were counted; a read counts the bets of
 * [cursor, now - 60 s), whatever OMG does at the edges of its window (it is asked one second
 * wider on each side and the records are kept to that range by their own time), and each record once.
 */
export class OmgBetRecords {
  private lastPull = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly settings: OmgBetRecordSettings) {}

  private now() { return this.settings.now?.() ?? Math.floor(Date.now() / 1000); }

  /** Waits until this process's previous pull is at least the gap old (pulls take turns). */
  private paced(): Promise<void> {
    const turn = this.queue.then(async () => {
      const wait = this.lastPull + (this.settings.pullGapMs ?? 500) - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      this.lastPull = Date.now();
    });
    this.queue = turn;
    return turn;
  }

  async turnover(uname: string, from: TurnoverFrom): Promise<TurnoverReport> {
    const start = 'cursor' in from ? Number(from.cursor) : Math.floor(from.since.getTime() / 1000);
    if (!Number.isSafeInteger(start)) throw new ProviderFault(`OMG turnover cursor ${JSON.stringify(from)}`);
    const end = this.now() - SETTLE_SECONDS;
    if (end <= start) return { turnover: 0n, cursor: String(start) };
    const counted = new Set<string>();
    let turnover = 0n;
    for (let page = 1; ; page++) {
      await this.paced();
      const answer = await omgPost(this.settings.backendUrl, '/api/v1/merchant/outer/record/GetGameRecordList', {
        app_id: this.settings.appId, uname, page, size: RECORD_PAGE_SIZE, start_time: start - 1, end_time: end + 1,
      }, this.settings.signKey, this.settings.timeoutMs);
      if (answer.code !== BACKEND_OK || !Array.isArray(answer.data)) throw new ProviderFault(`GetGameRecordList answered ${answer.code}`);
      if (answer.data.length === 0) break;
      for (const record of answer.data as Record<string, unknown>[]) {
        const id = record.id_str ?? record.id;
        const at = record.create_time;
        const bet = fromOmgAmount(typeof record.bet === 'number' ? String(record.bet) : record.bet);
        if ((typeof id !== 'string' && typeof id !== 'number') || typeof at !== 'number' || bet === null) {
          throw new ProviderFault('GetGameRecordList answered a record without id, create_time or bet');
        }
        if (at < start || at >= end || counted.has(String(id))) continue;
        counted.add(String(id));
        turnover += bet;
      }
    }
    return { turnover, cursor: String(end) };
  }
}
