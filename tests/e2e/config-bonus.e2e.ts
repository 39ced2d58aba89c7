import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import th from '../../locales/th.json';
import { SHARED_LOG, fontsReady, launchChromium, pageMaker, screenshot } from './harness';
import { seedPassword, signInConsole } from './operators';
import { api, openAsMember, registerMember } from './support';

/**
 * Issue 29, the bonus section, as a new operator would: the sandbox's admin, working in Thai,
 * creates a bonus with texts in three languages and a banner; the sandbox's checker approves it
 * in English on a phone; a member sees it on /user/bonus without a restart, in their language,
 * and the banner's script never reaches them.
 */

let browser: Browser;
let member: Awaited<ReturnType<typeof registerMember>>;
const CODE = `RAIN${String(Date.now()).slice(-5)}`;

const pages = pageMaker(() => browser);
const desktop = pages.laptop;
const phone = pages.phone;

beforeAll(async () => {
  browser = await launchChromium();
  member = await registerMember({ name: 'Nok Bonus', accountPrefix: '63' });
});
afterAll(async () => {
  await pages.close();
  await browser?.close();
});

describe('the bonus configuration', () => {
  let admin: Page;
  let checker: Page;

  beforeAll(async () => {
    admin = await desktop();
    await signInConsole(admin, 'admin', seedPassword(), th, 'th');
    checker = await phone();
    await signInConsole(checker, 'checker', seedPassword(SHARED_LOG, 'checker'), en, 'en');
  });

  it('creates a bonus in Thai with texts in three languages and a banner; the checker approves it in English; the member sees it', async () => {
    const b = th.admin.config.bonus;
    await admin.getByRole('link', { name: th.admin.nav.config, exact: true }).click();
    // The configuration opens on its first section (or the approvals) first.
    await admin.waitForURL(/\/admin\/config\/\w+/);
    await admin.getByTestId('config-nav-bonus').click();
    await admin.waitForURL('**/admin/config/bonus', { waitUntil: 'commit' });
    await admin.getByTestId('bonus-item').filter({ hasText: 'WELCOME100' }).waitFor();
    expect(await admin.getByTestId('bonus-item').filter({ hasText: 'WELCOME100' }).getByTestId('bonus-status').innerText()).toBe(b.status.active);
    await fontsReady(admin);
    await screenshot(admin, 'config-bonus-list-th-desktop', true);

    await admin.getByTestId('bonus-new').click();
    const form = admin.getByTestId('config-bonus-form');
    await form.getByLabel(b.code, { exact: true }).fill(CODE.toLowerCase());
    await form.getByLabel(b.amountPercent, { exact: true }).fill('25');
    const description = form.getByRole('group', { name: b.description });
    await description.getByLabel('ไทย').fill('โบนัสหน้าฝน 25% สูงสุด {cap} {currency}');
    await description.getByLabel('ລາວ').fill('ໂບນັດລະດູຝົນ 25% ສູງສຸດ {cap} {currency}');
    await description.getByLabel('English').fill('Rainy season bonus 25% up to {cap} {currency}');
    await form.getByRole('button', { name: th.admin.config.addBanner }).click();
    const banner = form.getByTestId('config-banner');
    await banner.getByLabel(th.admin.config.bannerImage).fill('/assets/promotions/daily.svg');
    const bannerText = banner.getByRole('group', { name: th.admin.config.bannerText });
    await bannerText.getByLabel('ไทย').fill('<h3>ฝนตก รับเพิ่ม 25%</h3><img src="x" onerror="window.pwned=1"><script>window.pwned=1</script>');
    await bannerText.getByLabel('ລາວ').fill('<h3>ຝົນຕົກ ຮັບເພີ່ມ 25%</h3>');
    await bannerText.getByLabel('English').fill('<h3>Rainy days: 25% more</h3>');
    await form.getByRole('switch', { name: b.active }).check();
    // The preview is the server's sanitised html: the script is gone before anyone sees it.
    await expect.poll(() => banner.getByTestId('config-preview-content').innerHTML()).toContain('ฝนตก รับเพิ่ม 25%');
    expect(await banner.getByTestId('config-preview-content').innerHTML()).not.toMatch(/script|onerror/);
    expect(await admin.getByTestId('config-effect').innerText()).toBe(th.admin.config.needsApproval);
    await fontsReady(admin);
    await screenshot(admin, 'config-bonus-form-th-desktop', true);
    await admin.getByTestId('config-save').click();
    await admin.getByRole('status').filter({ hasText: th.admin.config.proposed }).waitFor();
    await admin.getByTestId('bonus-pending').getByText(CODE).first().waitFor();

    // Not offered until another operator approves it.
    const listed = async () => (await api<{ code: string; description: string; banners: { html: string }[] }[]>('GET', '/api/bonus', undefined, { ...member.auth, 'accept-language': 'th' })).body;
    expect((await listed()).map((x) => x.code)).not.toContain(CODE);

    await checker.getByRole('link', { name: en.admin.nav.config, exact: true }).click();
    await checker.waitForURL(/\/admin\/config\/\w+/);
    await checker.getByTestId('config-nav-approvals').click();
    const change = checker.getByTestId('config-change').filter({ hasText: CODE }).first();
    await change.waitFor();
    await fontsReady(checker);
    await change.evaluate((el) => el.scrollIntoView());
    await screenshot(checker, 'config-bonus-approval-en-phone');
    await change.getByTestId('config-approve').click();
    await checker.getByRole('status').filter({ hasText: en.admin.config.approvedToast }).waitFor();

    const offered = (await listed()).find((x) => x.code === CODE);
    expect(offered?.description).toBe('โบนัสหน้าฝน 25% สูงสุด 100.00 บาท');
    expect(JSON.stringify(offered?.banners)).not.toMatch(/script|onerror|pwned/);

    // The bonus section at a phone's width, in English, shows it active.
    await checker.getByTestId('config-nav-bonus').click();
    const item = checker.getByTestId('bonus-item').filter({ hasText: CODE });
    await item.waitFor();
    expect(await item.getByTestId('bonus-status').innerText()).toBe(en.admin.config.bonus.status.active);
    await fontsReady(checker);
    await item.scrollIntoViewIfNeeded();
    await screenshot(checker, 'config-bonus-list-en-phone');
    await item.getByRole('button', { name: `${en.admin.config.bonus.view} ${CODE}` }).click();
    const phoneForm = checker.getByTestId('config-bonus-form');
    await phoneForm.waitFor();
    // The checker approves; configuring is the admin's.
    await phoneForm.getByText(en.admin.config.readOnly).waitFor();
    await phoneForm.evaluate((el) => el.scrollIntoView());
    await screenshot(checker, 'config-bonus-form-en-phone');
    await phoneForm.getByRole('group', { name: en.admin.config.bonus.dates }).evaluate((el) => el.scrollIntoView());
    await screenshot(checker, 'config-bonus-dates-en-phone');
    await phoneForm.getByRole('group', { name: en.admin.config.bonus.description }).evaluate((el) => el.scrollIntoView());
    await screenshot(checker, 'config-bonus-texts-en-phone');

    // The member's bonus page, in Thai, without a restart.
    const memberPage = await phone();
    await openAsMember(memberPage, member.auth.authorization.slice('Bearer '.length), 'th', '/user/bonus');
    const card = memberPage.getByTestId(`bonus-card-${CODE}`);
    await card.waitFor();
    expect(await card.innerText()).toContain('โบนัสหน้าฝน 25%');
    expect(await memberPage.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await fontsReady(memberPage);
    await screenshot(memberPage, 'config-bonus-member-th');
  });
});
