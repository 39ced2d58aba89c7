import { z } from 'zod';
import { COUNTRIES } from '../../constants';
import { localizedHtml, localizedText } from './common';

/**
 * The texts members read that the operator writes (section `content`), each in th, la and en.
 * Targets: `<page>.<COUNTRY>` for the pages that differ between the builds (contact, conditions,
 * agreements, notice; e.g. 'contact.TH', 'notice.LA') and 'howto' for the how-to page's texts.
 * Every value names its kind, which must be its target's page. Html (conditions, agreements) is
 * sanitised by the server before it is stored; the others are plain text. All apply at once.
 */

/** The pages whose texts differ per country. */
export const CONTENT_PAGES = ['contact', 'conditions', 'agreements', 'notice'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

/** The how-to page's topics, in the order the page lists their recorded clips. */
export const HOWTO_TOPICS = ['wallet', 'enterGame', 'checkBalance', 'receiveBonus', 'endBonus'] as const;
export type HowtoTopic = (typeof HOWTO_TOPICS)[number];

/** Every target of the content section: each page per country, then the how-to page. */
export const CONTENT_TARGETS = [...CONTENT_PAGES.flatMap((page) => COUNTRIES.map((country) => `${page}.${country}`)), 'howto'];

/** The kind a content target holds: its page ('contact.TH' → 'contact'), or 'howto'. */
export const contentKindOf = (target: string): ContentPage | 'howto' | null => {
  if (target === 'howto') return 'howto';
  const [page, country] = target.split('.');
  return (CONTENT_PAGES as readonly string[]).includes(page) && (COUNTRIES as readonly string[]).includes(country ?? '') && target.split('.').length === 2
    ? (page as ContentPage)
    : null;
};

/** '' or an https address. */
const httpsOrEmpty = z.string().trim().max(500).regex(/^(https:\/\/[^\s<>"]+)?$/, 'an https address');
/** '' or an image: one of the product's assets, an uploaded image or an https address. */
const imageOrEmpty = z.string().trim().max(500).regex(/^((\/assets\/|\/api\/content\/images\/|https:\/\/)[^\s<>"]*)?$/, 'an asset, an uploaded image or an https address');

export const contactContent = z.object({
  kind: z.literal('contact'),
  contactText: localizedText(500).describe('plain text above the LINE details'),
  lineName: z.string().trim().max(100),
  lineLink: httpsOrEmpty,
  lineQR: imageOrEmpty,
});

export const conditionsContent = z.object({
  kind: z.literal('conditions'),
  items: z.array(localizedHtml(5_000)).max(30).describe('the bonus conditions, one html paragraph each, in every language'),
});

export const agreementsContent = z.object({
  kind: z.literal('agreements'),
  version: z.number().int().min(1).max(1_000_000).describe('members accept each version once: a higher version asks every member again; it never goes down'),
  items: z.array(localizedHtml(5_000)).max(30),
});

export const noticeContent = z.object({
  kind: z.literal('notice'),
  text: localizedText(1_000).describe('plain text; {percentFail} is replaced by the percent'),
  percentFail: z.number().min(0).max(100).describe('the percent the general notice states (each bonus states its own)'),
});

const howtoTopic = z.object({ title: localizedText(100), summary: localizedText(300) });
export const howtoContent = z.object({
  kind: z.literal('howto'),
  title: localizedText(100).describe("'' in a language: the page's own text in that language"),
  subtitle: localizedText(300),
  topics: z.object(Object.fromEntries(HOWTO_TOPICS.map((t) => [t, howtoTopic])) as Record<HowtoTopic, typeof howtoTopic>),
});

export const contentConfig = z.discriminatedUnion('kind', [contactContent, conditionsContent, agreementsContent, noticeContent, howtoContent]);
export type ContentConfig = z.infer<typeof contentConfig>;
export type ContactContent = z.infer<typeof contactContent>;
export type ConditionsContent = z.infer<typeof conditionsContent>;
export type AgreementsContent = z.infer<typeof agreementsContent>;
export type NoticeContent = z.infer<typeof noticeContent>;
export type HowtoContent = z.infer<typeof howtoContent>;
