import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { HowtoTopic } from '../../src/client/screens/howto/videos';
import { LOCALES, api, registerMember, type Locale } from '../e2e/support';
import { PACE, type Clip } from './recorder';

/**
 * The five tutorials of /howto (SPEC section 2), each as a member lives it on the sandbox: what
 * must be true before the camera rolls (`prepare`, through the API as the sandbox's bank and
 * game would make it), where the clip opens, and the steps at a person's pace, each step starting
 * its caption (`howto.steps.<topic>.<step>` in locales/*.json, in that order).
 */

export interface Member {
  phone: string;
  password: string;
  auth: Record<string, string>;
  token: string;
}

export interface Tutorial {
  topic: HowtoTopic;
  /** Where the clip opens, signed in. */
  path: string;
  prepare(member: Member): Promise<void>;
  perform(clip: Clip, member: Member, locale: Locale): Promise<void>;
}

/** Members of each language, named as people there are (the home greets them by name). */
const NAMES: Record<Locale, string> = { th: 'Somchai Jaidee', la: 'Khamla Phommachanh', en: 'Nina Parker' };

let serial = 0;
export async function newMember(locale: Locale): Promise<Member> {
  // Several members a second: the phone and account numbers come from the clock and a counter.
  const who = await registerMember({ name: NAMES[locale], phonePrefix: `0${6 + (serial++ % 3)}`, accountPrefix: `8${serial % 10}` });
  await new Promise((r) => setTimeout(r, 5));
  return { ...who, token: who.auth.authorization.replace('Bearer ', '') };
}

const moneyCall = async (member: Member, method: string, path: string, body?: unknown) => {
  const answer = await api<unknown>(method, path, body, { ...member.auth, 'idempotency-key': randomUUID() });
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};
/** Money into the wallet as a bank deposit would bring it (the sandbox's stand-in). */
const fund = (member: Member, amount: number) => moneyCall(member, 'POST', '/api/sandbox/wallet/fund', { amount });
const activate = (member: Member, code: string) => moneyCall(member, 'GET', `/api/wallet/activate/${code}`);
const transfer = (member: Member, from: string, to: string, amount: number) => moneyCall(member, 'POST', '/api/wallet/transfer', { from, to, amount });

/** The demo game's launch token for a game account: its web link names it. */
async function launchToken(member: Member, code: string): Promise<string> {
  const wallet = (await moneyCall(member, 'GET', '/api/wallet')) as { slots: { code: string; web: string | null }[] };
  const web = wallet.slots.find((s) => s.code === code)?.web;
  if (!web) throw new Error(`${code} has no web link`);
  return new URL(web, 'http://sandbox').searchParams.get('t')!;
}

/** One round of the demo slot, as the game's page plays it; answers the game balance after it. */
async function spin(token: string, stake: number): Promise<number> {
  const answer = await api<{ balance: number }>('POST', '/api/sandbox/game/spin', { t: token, stake });
  if (answer.status !== 200) throw new Error(`spin: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.balance;
}

const closeDialog = async (clip: Clip, page: Page, t: (typeof LOCALES)[Locale]) => {
  const dialog = page.locator('dialog[open]').last();
  await clip.tap(dialog.getByRole('button', { name: t.common.close, exact: true }));
  await dialog.waitFor({ state: 'hidden' });
};

const wallet: Tutorial = {
  topic: 'wallet',
  path: '/user/home',
  async prepare(member) {
    await activate(member, 'PG');
  },
  async perform(clip, member, locale) {
    const t = LOCALES[locale];
    const page = clip.page;
    clip.caption('total');
    await clip.pause(2200);

    clip.caption('deposit');
    await clip.pause(PACE.read);
    await clip.tap(page.getByTestId('widget-deposit'));
    const dialog = page.getByRole('dialog', { name: t.deposit.title });
    await dialog.getByTestId('deposit-account').first().waitFor();
    await clip.tap(dialog.getByRole('tab', { name: t.deposit.method.qr }));
    await dialog.getByTestId('qr-form').waitFor();
    await clip.tap(dialog.getByTestId('qr-form').getByRole('button', { name: '500', exact: true }));

    clip.caption('qr');
    const created = page.waitForResponse((r) => /\/api\/qrcode\/[A-Z]+$/.test(r.url()) && r.request().method() === 'POST');
    await clip.tap(dialog.getByTestId('qr-create'));
    const { qrcodeId } = (await (await created).json()) as { qrcodeId: string };
    await dialog.getByTestId('qr-code').waitFor();
    clip.poster();
    await clip.pause(1200);
    // The member's bank app pays the code (the sandbox bank's pay call).
    const paid = await api('POST', `/api/sandbox/qrcode/${qrcodeId}/pay`, {});
    if (paid.status !== 200) throw new Error(`QR not paid: ${JSON.stringify(paid.body)}`);
    await dialog.getByTestId('qr-received').waitFor({ timeout: 15_000 });

    clip.caption('paid');
    await clip.pause(1500);
    await closeDialog(clip, page, t);

    clip.caption('transfer');
    await clip.pause(PACE.read);
    await clip.tap(page.getByTestId('widget-transfer'));
    const form = page.getByRole('dialog', { name: t.transfer.title });
    await form.getByLabel(t.transfer.to).selectOption('PG');
    await clip.type(form.getByLabel(t.transfer.amount), '200');
    await clip.tap(page.getByTestId('transfer-submit'));
    const done = page.getByRole('alertdialog', { name: t.transfer.doneTitle });
    await done.waitFor({ timeout: 20_000 });
    await clip.pause(700);
    await clip.tap(done.getByRole('button', { name: t.common.ok }));
    await clip.pause(700);
  },
};

const enterGame: Tutorial = {
  topic: 'enterGame',
  path: '/user/home',
  async prepare(member) {
    await fund(member, 300);
  },
  async perform(clip, member, locale) {
    const t = LOCALES[locale];
    const page = clip.page;
    clip.caption('find');
    await clip.pause(PACE.read);
    const card = page.getByTestId('game-PG');
    await clip.scrollToTop(page.getByTestId('lobby'));
    await clip.pause(PACE.read);
    const box = (await card.boundingBox())!;
    await clip.tapAt(box.x + box.width / 2, box.y + box.height / 2);
    const account = page.getByRole('dialog', { name: 'PG Soft' });
    await account.waitFor();

    clip.caption('open');
    await clip.pause(PACE.read);
    await clip.tap(account.getByTestId('game-activate'));
    await account.getByTestId('game-username').waitFor();
    await clip.pause(1000);

    clip.caption('move');
    await clip.tap(account.getByTestId('game-transfer-all'));
    await clip.tap(page.getByTestId('game-transfer-all-confirm'));
    const moved = page.getByRole('alertdialog', { name: t.gameAccount.transferAllDoneTitle });
    await moved.waitFor({ timeout: 20_000 });
    await clip.pause(700);
    await clip.tap(moved.getByRole('button', { name: t.common.ok }));

    clip.caption('play');
    await clip.pause(PACE.read);
    const opened = page.context().waitForEvent('page');
    await clip.tap(account.getByTestId('game-launch-web'));
    const game = await opened;
    await game.waitForURL(/\/sandbox\/game\/PG\?t=/, { timeout: 20_000 });
    await game.getByRole('button', { name: t.game.spin, exact: true }).waitFor();
    await clip.bringToFront(game);
    await clip.pause(1000);

    clip.caption('spin');
    const answered = game.waitForResponse('**/api/sandbox/game/spin');
    await clip.tap(game.getByTestId('spin'));
    await answered;
    // The reels come to rest and the win shows.
    await game.locator('[data-testid="spin"][aria-disabled="false"]').waitFor({ timeout: 20_000 });
    clip.poster();
    await clip.pause(1500);
  },
};

const checkBalance: Tutorial = {
  topic: 'checkBalance',
  path: '/user/home',
  async prepare(member) {
    await fund(member, 500);
    await activate(member, 'PG');
    await transfer(member, 'wallet', 'PG', 300);
  },
  async perform(clip, member, locale) {
    void locale;
    const page = clip.page;
    clip.caption('total');
    await clip.pause(2800);
    // Meanwhile the member played in the game's own tab: its balance moved at the provider.
    const token = await launchToken(member, 'PG');
    const start = await spin(token, 20);
    for (let round = 0, balance = start; round < 20 && balance === 300; round++) balance = await spin(token, 20);

    clip.caption('tap');
    await clip.pause(PACE.read);
    const refreshed = page.waitForResponse('**/api/wallet/refresh/slot');
    await clip.tap(page.getByTestId('check-balance'));
    await refreshed;
    clip.caption('updated');
    clip.poster();
    await clip.pause(2800);

    clip.caption('cards');
    await clip.scrollToTop(page.getByTestId('lobby'));
    await clip.pause(2400);
  },
};

const receiveBonus: Tutorial = {
  topic: 'receiveBonus',
  path: '/user/home',
  async prepare(member) {
    await fund(member, 500);
  },
  async perform(clip, member, locale) {
    const t = LOCALES[locale];
    const page = clip.page;
    clip.caption('open');
    await clip.pause(PACE.read + 600);
    await clip.tap(page.getByTestId('widget-bonus'));
    await page.waitForURL('**/user/bonus');
    await page.getByTestId('bonus-card-WELCOME100').waitFor();

    clip.caption('choose');
    await clip.pause(PACE.read);
    await clip.tap(page.getByTestId('bonus-card-WELCOME100'));
    const receive = page.getByTestId('bonus-receive');
    await receive.waitFor();
    clip.poster();
    await clip.pause(1800);

    clip.caption('receive');
    await clip.pause(PACE.read);
    await clip.tap(receive);
    const done = page.getByRole('alertdialog', { name: t.bonusPage.activated });
    await done.waitFor({ timeout: 15_000 });
    await clip.pause(600);
    await clip.tap(done.getByRole('button', { name: t.common.ok }));

    clip.caption('held');
    await page.getByTestId('held-bonus').waitFor();
    await clip.pause(2800);
  },
};

/** SONGKRAN (a promotion code: 100 free, turnover 5x, may end below 20% of it), as the seed has it. */
const END_BONUS_CODE = 'SONGKRAN';

const endBonus: Tutorial = {
  topic: 'endBonus',
  path: '/user/bonus',
  /**
   * A held bonus the member may end: some of it played, the balance lost below its lower bound.
   * The demo slot is random; a member whose play met the turnover first (about one in five) has
   * no bonus left to end, and the next member plays again.
   */
  async prepare(member) {
    await moneyCall(member, 'GET', `/api/promotion/activate/${END_BONUS_CODE}`);
    await activate(member, 'PG');
    await moneyCall(member, 'POST', '/api/wallet/transferAll', { to: 'PG' });
    const token = await launchToken(member, 'PG');
    const stakes = [50, 20, 10, 5, 2, 1];
    for (let round = 0; round < 200; round++) {
      const check = (await moneyCall(member, 'GET', '/api/bonus/check/minimum')) as { status: boolean };
      if (check.status) return;
      const current = (await moneyCall(member, 'GET', '/api/bonus/current')) as { bonus: unknown };
      if (!current.bonus) break;
      const session = await api<{ balance: number }>('GET', `/api/sandbox/game/session?t=${encodeURIComponent(token)}`);
      const stake = stakes.find((s) => s <= session.body.balance);
      if (!stake) break;
      await spin(token, stake);
    }
    throw new RetryWithNewMember('the bonus finished or could not be lost below its lower bound');
  },
  async perform(clip, member, locale) {
    const t = LOCALES[locale];
    const page = clip.page;
    await page.getByTestId('bonus-cancel').waitFor({ timeout: 15_000 });
    clip.caption('progress');
    await clip.pause(2600);

    clip.caption('rule');
    await clip.bringIntoView(page.getByTestId('bonus-cancel'));
    await clip.pause(2000);

    clip.caption('cancel');
    await clip.tap(page.getByTestId('bonus-cancel'));
    const confirm = page.getByRole('dialog', { name: t.bonusPage.cancel.title });
    await confirm.waitFor();
    clip.poster();
    await clip.pause(1200);
    await clip.tap(page.getByTestId('bonus-cancel-confirm'));
    const ended = page.getByRole('alertdialog', { name: t.bonusPage.cleared });
    await ended.waitFor({ timeout: 15_000 });
    await clip.pause(800);
    await clip.tap(ended.getByRole('button', { name: t.common.ok }));

    clip.caption('ended');
    await page.getByTestId('promotion-code').waitFor();
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'smooth' }));
    await clip.pause(2600);
  },
};

/** A preparation that chance spoiled: a new member tries again. */
export class RetryWithNewMember extends Error {}

export const TUTORIALS: readonly Tutorial[] = [wallet, enterGame, checkBalance, receiveBonus, endBonus];
