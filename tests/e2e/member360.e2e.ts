import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_ID_HEADER } from '../../src/contract';
import { fontsReady, launchChromium, pageMaker, RESULTS_DIR, screenshot } from './harness';
import { seedPassword, signInConsole } from './operators';
import { api, chooseLanguage, LOCALES, registerMember, type Locale } from './support';

/**
 * Issue 30's member 360 as an operator meets it: a farm of two accounts on one phone (the second
 * invited by the first), the second deposits and withdraws without playing. The operator sees the
 * withdrawal's signal badges in the queue, opens the member's page and finds the 360 (figures from
 * the ledger, the linked member with why, last logins with the device) and the signals, and adds a
 * tag and a note. Screenshots at a laptop's width and at 390x844 in th, la and en.
 */

let browser: Browser;
const pages = pageMaker(() => browser);
let laptop: Page;
let inviter: { id: number; name: string };
let flagged: { id: number; name: string };
const ALL: Locale[] = ['en', 'th', 'la'];

const profileId = async (auth: Record<string, string>) =>
  Number((await api<{ profile: { _id: string } }>('GET', '/api/account/profile', undefined, auth)).body.profile._id);

beforeAll(async () => {
  browser = await launchChromium();
  const phone = randomUUID();
  const first = await registerMember({ name: 'Somsak Farm', accountPrefix: '71' });
  inviter = { id: await profileId(first.auth), name: 'Somsak Farm' };
  const second = await registerMember({ name: 'Malee Farm', accountPrefix: '72', inviteCode: `PR${inviter.id}` });
  flagged = { id: await profileId(second.auth), name: 'Malee Farm' };
  // Both sign in from one phone: the member client sends its device id with every call.
  for (const who of [first, second]) {
    const login = await api<{ token: string }>('POST', '/api/login', { username: who.phone, password: who.password }, { [DEVICE_ID_HEADER]: phone });
    expect(login.status).toBe(200);
  }
  const money = { ...second.auth, [DEVICE_ID_HEADER]: phone };
  expect((await api('POST', '/api/sandbox/wallet/fund', { amount: 8000 }, { ...money, 'idempotency-key': `fund-${randomUUID()}` })).status).toBe(200);
  expect((await api('POST', '/api/wallet/withdraw', { amount: 6000 }, { ...money, 'idempotency-key': `wd-${randomUUID()}` })).status).toBe(200);
  laptop = await pages.laptop();
  await signInConsole(laptop, 'admin', seedPassword(), LOCALES.en, 'en');
});
afterAll(async () => {
  await pages.close();
  await browser?.close();
});

const signalsShown = (p: Page, testId: string) =>
  p.getByTestId(testId).locator('[data-signal]').evaluateAll((items) => items.map((i) => i.getAttribute('data-signal')));

describe('member 360', () => {
  it('shows the signal badges of a flagged withdrawal in the queue', async () => {
    await laptop.goto('/admin/withdrawals');
    const card = laptop.getByTestId('withdrawal').filter({ hasText: flagged.name });
    await card.waitFor();
    expect(await card.getByTestId('signal-badges').locator('[data-signal]').evaluateAll((b) => b.map((x) => x.getAttribute('data-signal'))))
      .toEqual(['NEW_ACCOUNT', 'NO_PLAY', 'LINKED_MEMBERS', 'SELF_REFERRAL']);
    await fontsReady(laptop);
    await screenshot(laptop, 'member360-queue-en');
  });

  it("opens the flagged member's page: the 360, the signals and the linked member, and adds a tag and a note", async () => {
    const en = LOCALES.en.admin.member360;
    await laptop.goto(`/admin/members/${flagged.id}`);
    await laptop.getByTestId('member-overview').waitFor();
    expect(await signalsShown(laptop, 'm360-member-signals')).toEqual(['NEW_ACCOUNT', 'NO_PLAY', 'LINKED_MEMBERS', 'SELF_REFERRAL']);
    expect(await laptop.getByTestId('m360-figures').locator('[data-figure="deposits"] dd').innerText()).toContain('8,000.00');
    const linked = laptop.getByTestId('m360-linked-member').filter({ hasText: inviter.name });
    expect(await linked.innerText()).toContain(LOCALES.en.admin.member360.linkKind.inviter);
    expect(await linked.innerText()).toContain(LOCALES.en.admin.member360.linkKind.device);
    expect(await laptop.getByTestId('m360-logins').innerText()).toContain(en.device);

    await laptop.getByLabel(en.newTag).fill('bonus hunter');
    await laptop.getByRole('button', { name: en.addTag }).click();
    await laptop.getByTestId('m360-notes').getByText('bonus hunter').waitFor();
    const note = 'Same phone as the inviter. <b>Asked for ID</b>';
    await laptop.getByLabel(en.newNote).fill(note);
    await laptop.getByRole('button', { name: en.addNote }).click();
    // Shown as text, never as markup.
    await laptop.getByTestId('m360-notes').getByText(note).waitFor();

    await linked.click();
    await laptop.waitForURL(`**/admin/members/${inviter.id}`);
    await laptop.getByTestId('member-overview').waitFor();
    expect(await signalsShown(laptop, 'm360-member-signals')).toEqual(expect.arrayContaining(['LINKED_MEMBERS', 'SELF_REFERRAL']));
  });

  it('reads in th, la and en at a laptop and at 390x844', async () => {
    const token = await laptop.evaluate(() => sessionStorage.getItem('operatorToken'));
    const phone = await pages.phone();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto('/favicon.svg');
    await phone.evaluate((t) => sessionStorage.setItem('operatorToken', t!), token);
    for (const locale of ALL) {
      const t = LOCALES[locale].admin;
      for (const [name, p] of [['desktop', laptop], ['phone', phone]] as const) {
        await p.goto(`/admin/members/${flagged.id}`);
        await p.getByTestId('member-overview').waitFor();
        await chooseLanguage(p, locale);
        await p.getByTestId('m360-signals').getByText(t.risk.SELF_REFERRAL.title).waitFor();
        await fontsReady(p);
        // The 360 as a whole, and on the phone each card apart (a phone-length picture is unreadable shrunk).
        await p.getByTestId('member-overview').screenshot({ path: `${RESULTS_DIR}/member360-${name}-${locale}.png` });
        if (name === 'phone') {
          for (const card of ['m360-signals', 'm360-figures', 'm360-links', 'm360-logins', 'm360-notes']) {
            await p.getByTestId(card).screenshot({ path: `${RESULTS_DIR}/member360-phone-${locale}-${card.slice(5)}.png` });
          }
        }
      }
    }
    // Tap targets of the phone layout: the linked member's row, the tag's remove button, the add buttons.
    const sizes = await phone.locator('.m360-link, .m360-tag__remove, .m360-add .btn').evaluateAll((items) =>
      items.map((i) => { const r = i.getBoundingClientRect(); return Math.min(r.width, r.height); }));
    expect(sizes.length).toBeGreaterThan(2);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(44);
  });
});
