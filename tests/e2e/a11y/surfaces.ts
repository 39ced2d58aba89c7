import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import type en from '../../../locales/en.json';
import { showLobby } from '../support';

/**
 * Every screen and dialog that accessibility.e2e.ts checks with axe-core, in th, la and en.
 *
 * To add yours (a bonus dialog, the spin wheel, an admin screen): append a Surface to
 * PUBLIC_SURFACES or MEMBER_SURFACES. `path` is loaded first (the member ones with a logged-in
 * member whose agreement is accepted); `open`, when given, then brings up the dialog or state to
 * check and waits until it shows. Answers the sandbox cannot produce may be routed in `open`
 * with page.route (see the bank-name editor). Texts come from `strings`, the locale under test.
 */
export interface Surface {
  name: string;
  path: string;
  open?: (page: Page, strings: Strings) => Promise<void>;
  /** Also saved as test-results/a11y-<locale>-<name>.png, for screens to look at. */
  screenshot?: boolean;
}

export type Strings = typeof en;

/** The one open modal dialog, once its content has loaded. */
export const openDialog = async (page: Page, name?: string) => {
  const dialog = name ? page.getByRole('dialog', { name }) : page.locator('dialog[open]').last();
  await dialog.waitFor();
  await dialog.locator('.spinner').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  return dialog;
};

const depositTab = (tab: keyof Strings['deposit']['method']) => async (page: Page, strings: Strings) => {
  await page.getByTestId('widget-deposit').click();
  const dialog = await openDialog(page, strings.deposit.title);
  await dialog.getByRole('tab', { name: strings.deposit.method[tab] }).click();
  await dialog.locator('[role="tabpanel"]:not([hidden])').first().waitFor();
};

/**
 * The chat panel with every mark it draws: two days and two sessions (day separators, the end
 * marker), times, the site's text, buttons, quick replies, a card with a picture, a file and a
 * picture from the web, and a full first page (the control for earlier messages). The history and
 * the pictures are routed: the sandbox's conversations start today with no operator.
 */
const chatPanel = async (page: Page) => {
  const day = 86_400_000;
  const at = (daysAgo: number, minute: number) => new Date(Date.now() - daysAgo * day - (60 - minute) * 60_000).toISOString();
  const picture = 'https://pictures.example.test/card.png';
  const base = { userId: null, guestId: 'axe-guest-0000000000', username: null, name: null, deviceToken: null };
  const site = (id: string, createdAt: string, session: string, message: object) => ({ ...base, _id: id, sender: 'operator', createdAt, session_id: session, message });
  const mine = (id: string, createdAt: string, session: string, text: string) => ({ ...base, _id: id, sender: 'customer', createdAt, session_id: session, message: { message_type: 'text', payload: text } });
  const messages = [
    mine('m1', at(2, 1), 'a', 'Hello, my deposit is late'),
    site('m2', at(2, 2), 'a', { message_type: 'text', payload: 'It has arrived now.' }),
    mine('m3', at(1, 1), 'b', 'How do I withdraw?'),
    site('m4', at(1, 2), 'b', { message_type: 'buttons', payload: { text: 'Pick one', buttons: [{ type: 'web', title: 'Guide', payload: 'https://example.test/guide' }, { type: 'postback', title: 'Call me', payload: 'CALL' }] } }),
    site('m5', at(1, 3), 'b', { message_type: 'quick_replies', payload: { text: 'Anything else?', replies: [{ type: 'postback', title: 'Yes', payload: 'YES' }, { type: 'postback', title: 'No', payload: 'NO' }] } }),
    mine('m6', at(0, 1), 'b', 'Thanks'),
    site('m7', at(0, 2), 'b', { message_type: 'generic', payloads: [{ image_url: picture, title: 'Weekend bonus', subtitle: 'Until Sunday', buttons: [{ type: 'postback', title: 'Tell me more', payload: 'BONUS' }] }] }),
    site('m8', at(0, 3), 'b', { message_type: 'media', payload: { url: true, fileType: 'image', filePath: picture } }),
    site('m9', at(0, 4), 'b', { message_type: 'media', payload: { url: true, fileType: 'file', filePath: 'https://example.test/terms.pdf', name: 'Terms.pdf' } }),
    mine('m10', at(0, 5), 'b', 'Got it'),
  ];
  await page.route('**/api/chat/history', (route) => route.fulfill({ json: { messages } }));
  await page.route('https://pictures.example.test/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: purplePicture() }));
  await page.getByTestId('chat-launcher').click();
  const panel = page.getByTestId('chat-panel');
  await panel.getByTestId('chat-file-link').waitFor();
  await panel.getByTestId('chat-load-older').waitFor();
  await panel.getByTestId('chat-end').waitFor();
};
/** A plain purple picture, 240×140. */
function purplePicture(): Buffer {
  const png = new PNG({ width: 240, height: 140 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([140, 80, 220, 255], i);
  return PNG.sync.write(png);
}

const languageMenu = async (page: Page) => {
  await page.getByTestId('language-trigger').click();
  await page.getByRole('menu').waitFor();
};

export const PUBLIC_SURFACES: Surface[] = [
  { name: 'login', path: '/login' },
  { name: 'login language menu', path: '/login', open: languageMenu },
  { name: 'register', path: '/register' },
  { name: 'forgot password', path: '/forgot-password' },
  { name: 'howto', path: '/howto', screenshot: true },
  {
    name: 'howto video',
    path: '/howto',
    screenshot: true,
    open: async (page, strings) => {
      await page.getByTestId('howto-wallet').click();
      await openDialog(page, strings.howto.topics.wallet);
    },
  },
  { name: 'contact', path: '/contact', screenshot: true },
  { name: 'chat panel', path: '/contact', screenshot: true, open: chatPanel },
  {
    name: 'terminated',
    path: '/terminated',
    // The page leaves for /login while the service runs: it is checked as a closed service shows it.
    open: async (page) => {
      await page.route('**/api/lookup/active', (route) => route.fulfill({ status: 410, json: { message: 'gone' } }));
      await page.goto('/terminated');
      await page.getByTestId('terminated-money-safe').waitFor();
      await page.getByTestId('line-name').or(page.locator('.form-error')).first().waitFor();
    },
    screenshot: true,
  },
  { name: 'not found', path: '/no-such-page' },
];

export const MEMBER_SURFACES: Surface[] = [
  { name: 'home', path: '/user/home' },
  { name: 'profile', path: '/user/profile', screenshot: true },
  { name: 'statement', path: '/user/statement' },
  { name: 'member contact', path: '/user/contact', screenshot: true },
  { name: 'bonus', path: '/user/bonus' },
  { name: 'spin', path: '/user/spin' },
  { name: 'member language menu', path: '/user/home', open: languageMenu },
  { name: 'deposit bank', path: '/user/home', open: depositTab('bank'), screenshot: true },
  { name: 'deposit qr', path: '/user/home', open: depositTab('qr') },
  { name: 'deposit truewallet', path: '/user/home', open: depositTab('truewallet') },
  { name: 'deposit slip', path: '/user/home', open: depositTab('slip') },
  {
    name: 'transfer',
    path: '/user/home',
    open: async (page, strings) => {
      await page.getByTestId('widget-transfer').click();
      await openDialog(page, strings.transfer.title);
    },
  },
  {
    name: 'withdraw',
    path: '/user/home',
    open: async (page, strings) => {
      await page.getByTestId('widget-withdraw').click();
      await openDialog(page, strings.withdraw.title);
    },
  },
  {
    name: 'game account',
    path: '/user/home',
    open: async (page) => {
      // The lobby card's DOM equivalent, as a keyboard user opens it (the lobby starts as it nears the screen).
      await showLobby(page);
      const card = page.getByTestId('carousel-lotto').locator('button.lobby__card[tabindex="0"]');
      await card.focus();
      await page.keyboard.press('Enter');
      await openDialog(page);
    },
  },
  {
    name: 'agreement',
    path: '/user/home',
    open: async (page, strings) => {
      // A member who has not accepted the current version yet; nothing is accepted here.
      await page.route('**/api/account/agreement', (route) =>
        route.request().method() === 'GET' ? route.fulfill({ json: { version: 1, accepted: false } }) : route.abort(),
      );
      // The context's init script marks the agreement accepted on this device at every load;
      // this page's own script runs after it and takes the mark away again.
      await page.addInitScript(() => localStorage.removeItem('rememberAgreement'));
      await page.reload();
      await openDialog(page, strings.agreement.title);
    },
  },
  {
    name: 'conditions',
    path: '/user/home',
    open: async (page, strings) => {
      await page.getByTestId('menu-conditions').click();
      await openDialog(page, strings.conditions.title);
    },
  },
  {
    name: 'change password',
    path: '/user/profile',
    open: async (page, strings) => {
      await page.getByRole('button', { name: strings.profile.changePassword }).click();
      await openDialog(page, strings.profile.changePassword);
    },
  },
  {
    name: 'bank-name editor',
    path: '/user/profile',
    screenshot: true,
    open: async (page, strings) => {
      // A member from before the English-name rule (registration no longer makes one).
      const bank = { nameTH: 'ธนาคารกรุงไทย', nameEN: 'Krungthai Bank', name: 'Krungthai Bank' };
      await page.route('**/api/account/profile', (route) =>
        route.fulfill({
          json: {
            profile: { _id: '77', username: '0811111111', name: 'Somchai Old', createdAt: '2024-01-02T03:04:05.000Z' },
            bankAccount: { bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี', bankAccountNo: '1234567890', bank },
          },
        }),
      );
      await page.reload();
      await page.getByRole('button', { name: strings.profile.editName }).click();
      await openDialog(page, strings.bankName.title);
    },
  },
  {
    name: 'home bank-name editor',
    path: '/user/home',
    screenshot: true,
    open: async (page, strings) => {
      // The deposit modal's KBANK account of a KTB member whose name is still in Thai opens the
      // home's "edit bank account name" modal (SPEC section 2) over it.
      await page.route('**/api/wallet', async (route) => {
        const response = await route.fetch();
        const wallet = await response.json();
        route.fulfill({ response, json: { ...wallet, bankAccount: { ...wallet.bankAccount, bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' } } });
      });
      await page.reload();
      await depositTab('bank')(page, strings);
      await page.getByTestId('member-account-edit').click();
      await openDialog(page, strings.bankName.title);
      // Escape closes the editor only; the deposit modal it was opened from stays.
      await page.keyboard.press('Escape');
      await page.getByTestId('member-account-edit').click({ timeout: 5_000 });
      await openDialog(page, strings.bankName.title);
    },
  },
  {
    name: 'refund',
    path: '/user/home',
    screenshot: true,
    open: async (page, strings) => {
      // A waiting refund under long operator conditions, no banners (the plain dialog opens at
      // once): the body scrolls and must be reachable (issue 28: the Thai modal was cut, and axe
      // found its scroll region unreachable by keyboard).
      const info = `<p><b>${strings.promotionsHome.refund.title}</b></p>${`<p>${strings.promotionsHome.conditionsText} ${strings.promotionsHome.refund.heldLine2}</p>`.repeat(6)}`;
      await page.route('**/api/refund/banners', (route) => route.fulfill({ json: [] }));
      await page.route('**/api/refund/check', (route) =>
        route.fulfill({ json: { result: true, bonus: true, info, refundAmount: 125.5, refundSuccess: 80, refundFail: 20, refundMinimum: 1, currency: 'BAHT' } }),
      );
      await page.route('**/api/refund', (route) =>
        route.fulfill({ json: { total: 3, refunds: [10, 20, 30].map((amount, i) => ({ refundAmount: amount, createdAt: new Date(Date.UTC(2026, 0, 10 - i)).toISOString() })) } }),
      );
      await page.getByTestId('widget-refund').click();
      const dialog = await openDialog(page, strings.promotionsHome.refund.title);
      await dialog.getByTestId('refund-modal').locator('table').waitFor();
      await dialog.locator('.dialog__body[tabindex="0"]').waitFor();
    },
  },
  {
    name: 'slip status',
    path: '/user/statement',
    open: async (page, strings) => {
      await page.getByTestId('slip-status-open').click();
      await openDialog(page, strings.slip.statusTitle);
    },
  },
];
