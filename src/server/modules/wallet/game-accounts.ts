import { createHash, timingSafeEqual } from 'node:crypto';
import { toMajor, type ErrorCode, type Locale } from '../../../contract';
import type { DB } from '../../db/schema';
import { DomainError } from '../../errors';
import { ProviderFault, ProviderRefusal, ProviderTimeout, withTimeout, type LaunchLinks } from '../../providers/games/adapter';
import { PROVIDER_CATALOGUE, providerInfo } from '../../providers/games/catalogue';
import type { ProviderSwitches } from '../../settings/provider-switches';
import type { MoneyContext } from './money-context';
import type { Selectable } from 'kysely';

export interface GameAccountView {
  code: string;
  name: string;
  category: 'slot' | 'sport' | 'lotto';
  logo: string;
  background: string;
  amount: number;
  /** When the provider's figure was read (ISO 8601), null when never. */
  syncedAt: string | null;
  isActive: boolean;
  /** The operators switched the provider off: shown only while the member holds money there, which can only move out. */
  closed: boolean;
  ftWalletSlot: number;
  web: string | null;
  android: string | null;
  ios: string | null;
}

/** The login a launch call names (the spec puts it in the path). */
export interface ClaimedLogin {
  username: string;
  password?: string;
}

/** SPEC section 8: "user not found in a game provider" has its own code for two providers. */
const notFoundCode = (code: string): ErrorCode => (code === 'AREASLOT' ? 'NOT_AREASLOT' : code === 'UFABET' ? 'NOT_UFABET' : 'SLOT_NO_ACCOUNT');

const sameText = (a: string, b: string) => {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
};

/** Art is made by us (assets/games); provider names are text only. */
const artOf = (code: string) => ({ logo: `/assets/games/${code}-logo.svg`, background: `/assets/games/${code}-bg.svg` });

/** Game accounts with the provider: activation, credentials, password reset and launch links. */
export class GameAccounts {
  constructor(private readonly money: MoneyContext, private readonly switches: ProviderSwitches) {}

  async list(memberId: number, language?: Locale): Promise<GameAccountView[]> {
    const [accounts, balances, closed] = await Promise.all([
      this.money.db.selectFrom('game_account').selectAll().where('member_id', '=', memberId).execute(),
      this.money.db.selectFrom('ledger_account').select(['code', 'balance']).where('member_id', '=', memberId).where('kind', '=', 'game').execute(),
      this.switches.closed(),
    ]);
    const byCode = new Map(accounts.map((a) => [a.provider_code, a]));
    const balanceOf = new Map(balances.map((b) => [b.code, BigInt(b.balance)]));
    // A provider switched off leaves the lobby, except where the member still holds money: that
    // card stays, marked closed, so the member sees the money and can move it back to the wallet.
    const views = PROVIDER_CATALOGUE
      .filter((p) => byCode.has(p.code) && this.money.provider(p.code))
      .filter((p) => !closed.has(p.code) || (balanceOf.get(p.code) ?? 0n) > 0n)
      .map((p) => this.view(byCode.get(p.code)!, balanceOf.get(p.code) ?? 0n, closed.has(p.code)));
    // Providers that sign their own links give active accounts their web and app links here (a
    // provider that launches by form has no web link); the web launch itself goes through the
    // provider's auto-login call when the member taps it, for a link or form made at that moment.
    await Promise.all(views.map(async (view) => {
      const account = byCode.get(view.code)!;
      const provider = this.money.provider(view.code)!;
      if (view.closed || !provider.launchesLocally || !account.is_active || !account.username || !account.password) return;
      const links = await provider.launch({ username: account.username, password: account.password, language }).catch(() => null);
      if (links) Object.assign(view, { web: links.web, android: links.android, ios: links.ios });
    }));
    return views;
  }

  private view(account: Selectable<DB['game_account']>, balance: bigint, closed: boolean): GameAccountView {
    const info = providerInfo(account.provider_code)!;
    return {
      code: info.code, name: info.name, category: info.category, ...artOf(info.code),
      amount: toMajor(balance), syncedAt: account.synced_at?.toISOString() ?? null, isActive: account.is_active, closed, ftWalletSlot: info.ftWalletSlot,
      web: null, android: null, ios: null,
    };
  }

  private async account(memberId: number, code: string) {
    if (!this.money.provider(code)) throw new DomainError('NO_GAME');
    const account = await this.money.db.selectFrom('game_account').selectAll()
      .where('member_id', '=', memberId).where('provider_code', '=', code).executeTakeFirst();
    if (!account) throw new DomainError('NO_GAME');
    return account;
  }

  /**
   * Opens the player with the provider. Idempotent: a second call finds the account active.
   * Two concurrent calls may both create a player at the provider; only the first one's login
   * is kept (the update is conditional on the account still being inactive).
   */
  async activate(memberId: number, code: string, language?: Locale): Promise<GameAccountView> {
    const account = await this.account(memberId, code);
    await this.switches.refuseClosed(code);
    if (account.is_active) throw new DomainError('SLOT_ALREADY_ACTIVE');
    let login;
    try {
      login = await withTimeout(this.money.provider(code)!.createPlayer(memberId), this.money.providerTimeoutMs);
    } catch {
      throw new DomainError('SLOT_ACTIVATE_FAIL');
    }
    await this.money.db.updateTable('game_account')
      .set({ is_active: true, username: login.username, password: login.password, activated_at: new Date() })
      .where('member_id', '=', memberId).where('provider_code', '=', code).where('is_active', '=', false)
      .execute();
    const [view] = (await this.list(memberId, language)).filter((v) => v.code === code);
    return view;
  }

  async credentials(memberId: number, code: string) {
    const account = await this.account(memberId, code);
    // The login is for playing there, which a closed provider no longer offers.
    await this.switches.refuseClosed(code);
    if (!account.is_active || !account.username || !account.password) throw new DomainError('SLOT_NO_ACCOUNT');
    // SPEC section 3: the credentials carry the hidden form values (event) of a provider that
    // launches by form. They are the form's fields now; the launch itself asks again, as they expire.
    const links = await this.launch(memberId, code).catch(() => null);
    return { username: account.username, password: account.password, event: links?.form?.fields ?? null };
  }

  async resetPassword(memberId: number, code: string) {
    const account = await this.account(memberId, code);
    if (!account.is_active || !account.username) throw new DomainError('SLOT_NO_ACCOUNT');
    let password: string;
    try {
      password = await withTimeout(this.money.provider(code)!.resetPassword(account.username), this.money.providerTimeoutMs);
    } catch (error) {
      if (error instanceof ProviderRefusal || error instanceof Error) throw new DomainError('SLOT_RESET_PASSWORD_FAIL');
      throw error;
    }
    await this.money.db.updateTable('game_account').set({ password })
      .where('member_id', '=', memberId).where('provider_code', '=', code).execute();
  }

  async launch(memberId: number, code: string, language?: Locale): Promise<LaunchLinks> {
    const account = await this.account(memberId, code);
    await this.switches.refuseClosed(code);
    if (!account.is_active || !account.username || !account.password) throw new DomainError('SLOT_NO_ACCOUNT');
    return withTimeout(this.money.provider(code)!.launch({ username: account.username, password: account.password, language }), this.money.providerTimeoutMs);
  }

  /**
   * The launch (a link, or a form to post) for a login the caller names (the auto-login calls). It must be the caller's
   * own game account at that provider: anyone else's username, a stale password, or a player the
   * provider does not know gets the provider's "not found" code, never another member's game.
   */
  async launchAs(memberId: number, code: string, claimed: ClaimedLogin, language?: Locale): Promise<LaunchLinks> {
    const notFound = notFoundCode(code);
    const account = await this.account(memberId, code);
    await this.switches.refuseClosed(code);
    const owns = account.is_active && account.username && account.password && sameText(account.username, claimed.username)
      && (claimed.password === undefined || sameText(account.password, claimed.password));
    if (!owns) throw new DomainError(notFound, 'not the caller\'s game login');
    try {
      return await withTimeout(this.money.provider(code)!.launch({ username: account.username!, password: account.password!, language }), this.money.providerTimeoutMs);
    } catch (error) {
      if (error instanceof ProviderRefusal) throw new DomainError(notFound, error.reason);
      if (error instanceof ProviderTimeout) throw new DomainError('GAME_LAUNCH_FAIL', 'provider did not answer the launch call');
      // A form to an address not allowed, or nothing to open: never passed on to the browser.
      if (error instanceof ProviderFault) throw new DomainError('GAME_LAUNCH_FAIL', error.reason);
      throw error;
    }
  }
}
