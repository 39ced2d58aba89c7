import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { blockingViolations, describeViolations } from './a11y/axe';
import { fontsReady, launchChromium, pageMaker, screenshot } from './harness';
import { operatorWithRole, seedPassword, signInConsole } from './operators';
import { api, registerMember, type Locale } from './support';

/**
 * Issue 30: the console opens on the dashboard; a member's deposit appears on it live, without a
 * reload; the deposits report's CSV export sums to the ledger's total; the dashboard and the
 * reports at a laptop's width and a phone's in th, la and en.
 */

let browser: Browser;
let member: Awaited<ReturnType<typeof registerMember>>;
// The operator works in Bangkok, whatever the machine's zone: the console's days are the browser's.
const tz = 'Asia/Bangkok';
const pages = pageMaker(() => browser, { timezoneId: tz });

const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Today in the browser's time zone as the console sends it. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const todayQuery = `from=${today}&to=${tomorrow}&tz=${encodeURIComponent(tz)}`;

type Dashboard = { currencies: { currency: string; deposits: { total: number; count: number } }[] };
type Report = { summary: { currency: string; amount: number }[]; total: number };

beforeAll(async () => {
  browser = await launchChromium();
  member = await registerMember({ name: 'Dara Dashboard', accountPrefix: '63' });
});
afterAll(async () => {
  await pages.close();
  await browser?.close();
});

/** A console page signed in with a session made elsewhere, in a language (the token is per tab, as the console keeps it). */
async function openConsole(p: Page, token: string, locale: Locale, path: string) {
  await p.goto('/favicon.svg');
  await p.evaluate(([t, l]) => { sessionStorage.setItem('operatorToken', t); localStorage.setItem('locale', l); }, [token, locale]);
  await p.goto(path);
}

describe('the dashboard', () => {
  let finance: Record<string, string>;
  beforeAll(async () => {
    finance = await operatorWithRole('finance', `finance-dash-${Date.now() % 100_000}`);
  });
  const bahtDeposits = async () => {
    const res = await api<Dashboard>('GET', `/api/admin/dashboard?${todayQuery}`, undefined, finance);
    expect(res.status).toBe(200);
    return res.body.currencies.find((c) => c.currency === 'BAHT')?.deposits.total ?? 0;
  };

  it("opens the console on the dashboard, and shows a member's deposit live without a reload", async () => {
    const page = await pages.laptop();
    await signInConsole(page, 'admin', seedPassword(), en, 'en');
    await page.waitForURL('**/admin/dashboard');
    const tile = page.getByTestId('dashboard-BAHT').getByTestId('tile-deposits-value');
    await tile.waitFor();
    await page.getByTestId('dashboard-live').filter({ hasText: en.admin.dashboard.live }).waitFor();
    const before = await bahtDeposits();
    expect(await tile.innerText()).toBe(money(before));

    const fund = await api('POST', '/api/sandbox/wallet/fund', { amount: 1234.56 }, { ...member.auth, 'idempotency-key': `dash-${Date.now()}` });
    expect(fund.status).toBe(200);
    const after = await bahtDeposits();
    expect(after).toBeCloseTo(before + 1234.56, 2);
    // No reload: the socket's "changed" makes the page read the figures again.
    await page.waitForFunction(([want]) => document.querySelector('[data-testid="dashboard-BAHT"] [data-testid="tile-deposits-value"]')?.textContent === want, [money(after)], { timeout: 15_000 });
    await fontsReady(page);
    await screenshot(page, 'dashboard-live-en-desktop');
  });

  it("exports the deposits report as CSV whose total equals the ledger's, as the page's total shows it", async () => {
    const page = await pages.laptop();
    await openConsole(page, finance.authorization.slice('Bearer '.length), 'en', '/admin/reports');
    await page.getByTestId('report-kind').selectOption('deposits');
    const pageTotal = page.getByTestId('report-total-amount-BAHT');
    await pageTotal.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trimEnd().split('\r\n');
    const columns = header.split(',');
    const at = { amount: columns.indexOf('amount'), currency: columns.indexOf('currency') };
    const satang = lines.map((l) => l.split(',')).filter((cells) => cells[at.currency] === 'BAHT')
      .reduce((sum, cells) => sum + Math.round(Number(cells[at.amount]) * 100), 0);

    const report = await api<Report>('GET', `/api/admin/reports/deposits?${todayQuery}`, undefined, finance);
    const ledger = report.body.summary.filter((s) => s.currency === 'BAHT').reduce((sum, s) => sum + s.amount, 0);
    expect(satang / 100).toBeCloseTo(ledger, 2);
    expect(satang / 100).toBeCloseTo(await bahtDeposits(), 2);
    expect(await pageTotal.innerText()).toBe(money(satang / 100));
    expect(lines).toHaveLength(report.body.total);
    await fontsReady(page);
    await screenshot(page, 'reports-deposits-en-desktop', true);
  });

  it('shows the dashboard and the reports at a laptop and a phone width in th, la and en', async () => {
    const token = finance.authorization.slice('Bearer '.length);
    for (const locale of ['th', 'la', 'en'] as const) {
      for (const [size, open] of [['desktop', pages.laptop], ['phone', pages.phone]] as const) {
        const page = await open();
        await openConsole(page, token, locale, '/admin/dashboard');
        await page.getByTestId('dashboard-BAHT').getByTestId('tile-deposits-value').waitFor();
        // Every chart drawn (the lazy chunk loaded), one "how" disclosure open.
        await page.locator('.admin-chart .uplot').first().waitFor();
        await page.getByTestId('tile-ggr').locator('summary').last().click();
        await fontsReady(page);
        await screenshot(page, `dashboard-${locale}-${size}`, true);
        // Nothing wider than the screen on a phone; nothing axe calls serious or critical.
        if (size === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        const violations = await blockingViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);
        await page.goto('/admin/reports');
        await page.getByTestId('report-summary').waitFor();
        const reportViolations = await blockingViolations(page);
        expect(reportViolations, describeViolations(reportViolations)).toEqual([]);
        await fontsReady(page);
        await screenshot(page, `reports-${locale}-${size}`, true);
        await page.context().close();
      }
    }
  });
});
