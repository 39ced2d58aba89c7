import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local stand-in for the OMG Transfer Wallet API (tests only), answering as the document's
 * pages and examples do (https://docs.omgapi.cc/en/game-apis/transfer-wallet, general error codes
 * of the quick start): signed POSTs with ?trace_id, code 0 on success, decimal text amounts, one
 * wallet per uname, tx_id unique (10005 when seen again), 10001 when a debit exceeds the balance,
 * 10011 for a token it no longer takes (authorize renews a player's token), 10020 for a tx_id it
 * never saw. Faults are queued per path: an answer of the test's choosing, an HTTP 500, a call it
 * never answers, or one it applies and then drops the connection of (the answer is lost).
 * Its back office answers the bet record list (GetGameRecordList, code 1 on success, 20xxx
 * otherwise; https://docs.omgapi.cc/en/reports-and-functional/user-bet-record) from the bets a test
 * places with `bet()`, `bet` written as the table's decimal text (or as the example's number).
 * `answerDelayMs` holds every answer back after the call took effect, as a distant OMG's would be:
 * a crash then finds transfers OMG applied whose answer we never read.
 */
export type OmgFault =
  | { kind: 'answer'; body: unknown }
  | { kind: 'http500' }
  | { kind: 'hang' }
  | { kind: 'lose-answer' };

export interface RecordedCall {
  path: string;
  query: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Player { token: string; balance: bigint }
interface BetRecord { id: bigint; uname: string; bet: bigint; at: number }

const RECORDS_PATH = '/api/v1/merchant/outer/record/GetGameRecordList';

/** Minor units as the stand-in writes money (its own writing, not the adapter's): 2 places, as the document's examples. */
const money = (minor: bigint) => {
  const abs = minor < 0n ? -minor : minor;
  return `${minor < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
/** The document's amounts: decimal text with up to 4 places, kept here in minor units (whole hundredths only). */
const minorOf = (text: unknown): bigint | null => {
  const m = typeof text === 'string' ? /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(text) : null;
  if (!m || (m[3] && /[1-9]/.test(m[3].slice(2)))) return null;
  const minor = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0').slice(0, 2));
  return m[1] ? -minor : minor;
};

export class OmgStandIn {
  readonly calls: RecordedCall[] = [];
  readonly players = new Map<string, Player>();
  /** tx_id -> what it did. */
  readonly transfers = new Map<string, { uname: string; amount: bigint; state: 0 | 1 }>();
  private readonly faults = new Map<string, OmgFault[]>();
  private readonly sockets = new Set<Socket>();
  private readonly server = http.createServer((req, res) => this.handle(req, res));
  url = '';
  answerDelayMs = 0;
  readonly bets: BetRecord[] = [];
  /** Write `bet` as a number, as the document's response example does (its table says decimal text). */
  betsAsNumbers = false;

  constructor(readonly appId: string, readonly key: string) {
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next call to `path` meets `fault`. */
  fault(path: string, fault: OmgFault) {
    this.faults.set(path, [...(this.faults.get(path) ?? []), fault]);
  }

  balanceOf(uname: string) { return this.players.get(uname)?.balance; }
  /** A bet of `minor` by `uname` at `at` (seconds), as OMG's back office records it. */
  bet(uname: string, minor: bigint, at: number) { this.bets.push({ id: 1866092861671518211n + BigInt(this.bets.length), uname, bet: minor, at }); }
  setBalance(uname: string, minor: bigint) { this.players.get(uname)!.balance = minor; }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const [path, query = ''] = (req.url ?? '').split('?');
      this.calls.push({ path, query, headers: req.headers, body: raw });
      const fault = this.faults.get(path)?.shift();
      if (fault?.kind === 'hang') return; // never answers
      if (fault?.kind === 'http500') return void res.writeHead(500).end('upstream error');
      const send = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
      };
      if (fault?.kind === 'answer') return send(fault.body);
      // The back office answers in its own codes (20xxx), the game API in 10xxx.
      const office = path === RECORDS_PATH;
      const expected = createHash('md5').update(query + raw + this.key).digest('hex');
      if (!/^trace_id=[^&]+$/.test(query) || req.headers.sign !== expected) return send(office ? { code: 20008, msg: 'sign error' } : { code: 10002, msg: 'sign invalid', data: null });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return send(office ? { code: 20009, msg: 'read body failed' } : { code: 10009, msg: 'illegal parameter', data: null });
      }
      if (body.app_id !== this.appId) return send(office ? { code: 20001, msg: 'merchant not found' } : { code: 10012, msg: 'illegal app_id', data: null });
      if (!office && typeof body.timestamp !== 'number') return send({ code: 10009, msg: 'illegal parameter', data: null });
      const answer = office ? this.records(body) : this.answer(path, body);
      if (fault?.kind === 'lose-answer') return void req.socket.destroy(); // applied, the answer never leaves
      if (this.answerDelayMs > 0) return void setTimeout(() => !res.destroyed && send(answer), this.answerDelayMs);
      send(answer);
    });
  }

  /** GetGameRecordList: the bets of [start_time, end_time] (the document does not say whether its edges count; here both do), oldest first, a page at a time. */
  private records(body: Record<string, unknown>): unknown {
    const { page, size, start_time: start, end_time: end, uname } = body;
    if (![page, size, start, end].every(Number.isSafeInteger) || (page as number) < 1 || (uname !== undefined && typeof uname !== 'string')) {
      return { code: 20013, msg: 'parameter error' };
    }
    if ((size as number) < 1 || (size as number) > 1000) return { code: 20003, msg: 'query count exceeds the limit' };
    const matching = this.bets.filter((b) => (uname === undefined || b.uname === uname) && b.at >= (start as number) && b.at <= (end as number))
      .sort((a, b) => a.at - b.at);
    const from = ((page as number) - 1) * (size as number);
    const data = matching.slice(from, from + (size as number)).map((b) => ({
      create_time: b.at, round_id: Number(b.id - 1n), round_id_str: String(b.id - 1n), account: b.uname, account_id: String(1070800 + b.uname.length),
      game_id: '2001', enter_money: '1000.00', bet: this.betsAsNumbers ? Number(money(b.bet)) : money(b.bet), win: '0.00', after_settlement_money: '1000.00',
      id: Number(b.id), id_str: String(b.id), parent_id: Number(b.id - 1n), parent_id_str: String(b.id - 1n), small_game_type: 0, fb: 0, platform: 2,
    }));
    return { code: 1, msg: 'success', total: matching.length, data };
  }

  private playerOf(token: unknown): [string, Player] | undefined {
    return [...this.players].find(([, p]) => p.token === token);
  }

  private answer(path: string, body: Record<string, unknown>): unknown {
    if (path === '/api/player/v1/authorize') {
      if (typeof body.uname !== 'string' || typeof body.nickname !== 'string') return { code: 10009, msg: 'illegal parameter', data: null };
      const player = this.players.get(body.uname) ?? { token: '', balance: 0n };
      player.token = randomUUID(); // a new token; the old one stops working
      this.players.set(body.uname, player);
      return { code: 0, msg: 'ok', data: { token: player.token, balance: money(player.balance), app_id: Number(this.appId) } };
    }
    const found = this.playerOf(body.token);
    if (!found) return { code: 10011, msg: 'token invalid', data: null };
    const [uname, player] = found;
    switch (path) {
      case '/api/cash/v1/getPlayerWallet':
        return { code: 0, msg: 'ok', data: { balance: money(player.balance) } };
      case '/api/cash/v1/transfer': {
        const amount = minorOf(body.amount);
        if (amount === null || typeof body.tx_id !== 'string' || body.tx_id === '') return { code: 10009, msg: 'illegal parameter', data: null };
        if (this.transfers.has(body.tx_id)) return { code: 10005, msg: 'order duplicate', data: null };
        if (player.balance + amount < 0n) return { code: 10001, msg: 'balance is not enough', data: null };
        player.balance += amount;
        this.transfers.set(body.tx_id, { uname, amount, state: 1 });
        return { code: 0, msg: 'ok', data: { tx_id: body.tx_id, ptx_id: String(1849761935796461568n + BigInt(this.transfers.size)), state: 1 } };
      }
      case '/api/cash/v1/transfer/status': {
        const transfer = typeof body.tx_id === 'string' ? this.transfers.get(body.tx_id) : undefined;
        if (!transfer) return { code: 10020, msg: 'transfer transaction does not exist', data: null };
        return { code: 0, msg: 'ok', data: { amount: money(transfer.amount), state: transfer.state } };
      }
      case '/api/game/v1/entergame':
        if (typeof body.gameid !== 'string') return { code: 10016, msg: 'game not found', data: null };
        return { code: 0, msg: 'success', data: { gameurl: `https://m.games.omg.example/${body.gameid}/index.html?t=${player.token}` } };
      default:
        return { code: 10009, msg: 'illegal parameter', data: null };
    }
  }
}
