import type { Locale } from '../../../contract';
import en from '../../../../locales/en.json';
import la from '../../../../locales/la.json';
import th from '../../../../locales/th.json';
import { currencyWord, formatMinor } from '../../content/money-text';
import type { MemberNotice } from '../../notices/member-notices';
import type { PushPayload } from '../../providers/push/push';

type Texts = typeof en.push;
const TEXTS: Record<Locale, Texts> = { th: th.push, la: la.push, en: en.push };

/** The screen each notice opens, and the tag its notifications share on the device. */
const OPENS: Record<MemberNotice['kind'], { url: string; tag: string }> = {
  'deposit.credited': { url: '/user/home', tag: 'deposit' },
  'withdrawal.paid': { url: '/user/statement', tag: 'withdrawal' },
  'withdrawal.refused': { url: '/user/statement', tag: 'withdrawal' },
  'chat.answered': { url: '/user/contact', tag: 'chat' },
  'bonus.finished': { url: '/user/bonus', tag: 'bonus' },
};

/** How long a push service keeps a push for a device that is off: money for a day, a chat answer for an hour. */
export const TTL_SECONDS: Record<MemberNotice['kind'], number> = {
  'deposit.credited': 86_400,
  'withdrawal.paid': 86_400,
  'withdrawal.refused': 86_400,
  'chat.answered': 3_600,
  'bonus.finished': 86_400,
};

/**
 * A notice as the member's device shows it, in the subscription's language: the words of
 * locales/*.json `push.*` (as the client's i18next writes `{{name}}`), an amount as every amount
 * of the product ("1,234.50") with its currency's word ("บาท", "ກີບ", "kip").
 */
export function pushPayload(notice: MemberNotice, language: Locale): PushPayload {
  const texts = TEXTS[language];
  const { title, body } = textOf(texts, notice);
  const values: Record<string, string> = 'amount' in notice
    ? { amount: formatMinor(notice.amount), currency: currencyWord(notice.currency, language) }
    : {};
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  return { title: fill(title), body: fill(body), ...OPENS[notice.kind] };
}

function textOf(texts: Texts, notice: MemberNotice): { title: string; body: string } {
  switch (notice.kind) {
    case 'deposit.credited': return texts.deposit.credited;
    case 'withdrawal.paid': return texts.withdrawal.paid;
    case 'withdrawal.refused': return texts.withdrawal.refused;
    case 'chat.answered': return texts.chat.answered;
    case 'bonus.finished': return texts.bonus.finished;
  }
}
