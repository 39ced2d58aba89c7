import {
  CONTENT_TARGETS, HOWTO_TOPICS, LOCALES, contentConfig, contentKindOf,
  type AgreementsContent, type ConditionsContent, type ContactContent, type ContentConfig, type Country, type HowtoContent,
  type Locale, type LocalizedTextValue, type NoticeContent,
} from '../../../../contract';
import { localLanguage } from '../../../content/content-languages';
import { asLocalized, type LocalizedText } from '../../../content/localized-text';
import { sanitizeOperatorHtml } from '../../../content/operator-html';
import type { AppContext } from '../../../context';
import { refuse } from '../../../errors';
import type { ConfigSection, Reader } from '../section';

/** The `howto` setting: the operator's texts of the how-to page ('' where the page keeps its own). */
export type HowtoSetting = Omit<HowtoContent, 'kind'>;
export const HOWTO_KEY = 'howto';

type Stored<T> = T | LocalizedText<T>;
interface ContactSetting { contactText: Stored<string>; lineLink: string; lineName: string; lineQR: string }
interface NoticeSetting { text: Stored<string>; percentFail: number }
interface AgreementsSetting { version: number; items: Stored<string[]> }

const EMPTY_TEXT: LocalizedTextValue = { th: '', la: '', en: '' };

/**
 * A stored text as the console edits it, one per language: a text from before texts had
 * languages (a plain string) is in the country's language.
 */
function textOf(stored: Stored<string> | undefined, local: Locale): LocalizedTextValue {
  if (stored === undefined || stored === null) return { ...EMPTY_TEXT };
  const localized = typeof stored === 'string' ? { [local]: stored } : asLocalized(stored, local);
  return Object.fromEntries(LOCALES.map((l) => [l, typeof localized[l] === 'string' ? localized[l] : ''])) as LocalizedTextValue;
}

/** A stored list of html paragraphs per language (or one list, the country's language) as items in every language. */
function itemsOf(stored: Stored<string[]> | undefined, local: Locale): LocalizedTextValue[] {
  if (!stored) return [];
  const lists = Array.isArray(stored) ? { [local]: stored } : asLocalized(stored, local);
  const length = Math.max(0, ...LOCALES.map((l) => (Array.isArray(lists[l]) ? lists[l].length : 0)));
  return Array.from({ length }, (_, i) =>
    Object.fromEntries(LOCALES.map((l) => [l, typeof lists[l]?.[i] === 'string' ? lists[l][i] : ''])) as LocalizedTextValue);
}

/**
 * Items in every language as the lookups read them: a list per language, the paragraphs kept
 * in step (a paragraph left empty in one language is skipped when that language is answered);
 * a language with no paragraph at all has an empty list, so members read the fallback language.
 */
function listsOf(items: LocalizedTextValue[]): LocalizedText<string[]> {
  return Object.fromEntries(LOCALES.map((l) => [l, items.some((i) => i[l].trim() !== '') ? items.map((i) => i[l]) : []]));
}

const trimmed = (text: LocalizedTextValue): LocalizedTextValue =>
  Object.fromEntries(LOCALES.map((l) => [l, text[l].trim()])) as LocalizedTextValue;
const sanitized = (text: LocalizedTextValue): LocalizedTextValue =>
  Object.fromEntries(LOCALES.map((l) => [l, sanitizeOperatorHtml(text[l]).trim()])) as LocalizedTextValue;

/**
 * The texts members read that the operator writes (src/contract/admin/config/content.ts):
 * per country the contact page, the bonus conditions, the agreement and the bonus notice,
 * stored as the `<page>.<COUNTRY>` settings the lookups answer (0005_member_access, in three
 * languages since 0010_content_languages); and the how-to page's title, subtitle and topic
 * texts, the `howto` setting (the page's own text where the operator left one empty). Html is
 * sanitised before it is stored. Texts move no money: every change applies at once.
 */
export function contentSection(ctx: AppContext): ConfigSection<ContentConfig> {
  const setting = async <T>(db: Reader, key: string): Promise<T | undefined> =>
    (await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst())?.value as T | undefined;
  const localOf = (target: string) => localLanguage(target.split('.')[1] as Country);

  const readers = {
    async contact(db: Reader, target: string): Promise<ContactContent> {
      const s = await setting<ContactSetting>(db, target);
      return { kind: 'contact', contactText: textOf(s?.contactText, localOf(target)), lineName: s?.lineName ?? '', lineLink: s?.lineLink ?? '', lineQR: s?.lineQR ?? '' };
    },
    async conditions(db: Reader, target: string): Promise<ConditionsContent> {
      return { kind: 'conditions', items: itemsOf(await setting<Stored<string[]>>(db, target), localOf(target)) };
    },
    async agreements(db: Reader, target: string): Promise<AgreementsContent> {
      const s = await setting<AgreementsSetting>(db, target);
      return { kind: 'agreements', version: s?.version ?? 1, items: itemsOf(s?.items, localOf(target)) };
    },
    async notice(db: Reader, target: string): Promise<NoticeContent> {
      const s = await setting<NoticeSetting>(db, target);
      return { kind: 'notice', text: textOf(s?.text, localOf(target)), percentFail: s?.percentFail ?? 0 };
    },
    async howto(db: Reader): Promise<HowtoContent> {
      const s = await setting<Partial<HowtoSetting>>(db, HOWTO_KEY);
      return {
        kind: 'howto',
        title: textOf(s?.title, 'th'),
        subtitle: textOf(s?.subtitle, 'th'),
        topics: Object.fromEntries(HOWTO_TOPICS.map((t) => [t, { title: textOf(s?.topics?.[t]?.title, 'th'), summary: textOf(s?.topics?.[t]?.summary, 'th') }])) as HowtoContent['topics'],
      };
    },
  };

  /** What each kind stores: the settings the lookups read. */
  const stored = (value: ContentConfig): unknown => {
    switch (value.kind) {
      case 'contact': return { contactText: value.contactText, lineLink: value.lineLink, lineName: value.lineName, lineQR: value.lineQR };
      case 'conditions': return listsOf(value.items);
      case 'agreements': return { version: value.version, items: listsOf(value.items) };
      case 'notice': return { text: value.text, percentFail: value.percentFail };
      case 'howto': { const { kind: _kind, ...texts } = value; return texts; }
    }
  };

  return {
    name: 'content',
    schema: contentConfig,
    targets: async () => CONTENT_TARGETS,
    async read(db, target) {
      const kind = contentKindOf(target);
      return kind ? readers[kind](db, target) : null;
    },
    async write(trx, target, value) {
      await ctx.settings.write(trx, target === 'howto' ? HOWTO_KEY : target, stored(value));
    },
    movesMoney: () => false,
    clean(value) {
      switch (value.kind) {
        case 'contact': return { ...value, contactText: trimmed(value.contactText) };
        case 'conditions': return { ...value, items: value.items.map(sanitized) };
        case 'agreements': return { ...value, items: value.items.map(sanitized) };
        case 'notice': return { ...value, text: trimmed(value.text) };
        case 'howto': return {
          ...value,
          title: trimmed(value.title),
          subtitle: trimmed(value.subtitle),
          topics: Object.fromEntries(HOWTO_TOPICS.map((t) => [t, { title: trimmed(value.topics[t].title), summary: trimmed(value.topics[t].summary) }])) as HowtoContent['topics'],
        };
      }
    },
    async check(db, target, value) {
      if (contentKindOf(target) !== value.kind) refuse('INVALID_INPUT', `${target} holds no ${value.kind}`);
      if (value.kind === 'agreements') {
        // Members accept each version once: going back would count old acceptances for a new text.
        const now = await setting<AgreementsSetting>(db, target);
        if (value.version < (now?.version ?? 1)) refuse('INVALID_INPUT', 'the agreement version never goes down');
        if (!value.items.some((i) => LOCALES.some((l) => i[l] !== ''))) refuse('INVALID_INPUT', 'an agreement without text');
      }
    },
  };
}
