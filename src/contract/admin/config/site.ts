import { z } from 'zod';
import { LOCALES } from '../../constants';
import { localizedText } from './common';

const languageOrder = z.array(z.enum(LOCALES)).length(LOCALES.length).refine((l) => new Set(l).size === l.length, { message: 'each language once' });

/**
 * The site itself (target 'main'): its name and address members see, and per country the order
 * in which a text is looked for when it is missing in the reader's language.
 */
export const siteConfig = z.object({
  name: z.string().trim().min(1).max(80),
  website: z.string().trim().max(200).regex(/^(https:\/\/[^\s]+)?$/, 'an https address'),
  languageOrder: z.object({ TH: languageOrder, LA: languageOrder }),
});
export type SiteConfig = z.infer<typeof siteConfig>;

/** Where members heard of the site, offered at registration (target: the country). */
export const sourcesConfig = z.array(z.object({
  code: z.string().trim().regex(/^[A-Za-z0-9_-]{1,30}$/),
  description: localizedText(120),
})).max(30).refine((l) => new Set(l.map((s) => s.code)).size === l.length, { message: 'each code once' });
export type SourcesConfig = z.infer<typeof sourcesConfig>;

/**
 * The banks members register and withdraw with (target: the country): the code, the names
 * (nameTH in the country's script, nameEN, and one per language) and the logo.
 */
export const banksConfig = z.array(z.object({
  code: z.string().trim().regex(/^[A-Z0-9]{2,10}$/),
  nameTH: z.string().trim().min(1).max(80),
  nameEN: z.string().trim().min(1).max(80),
  name: localizedText(80),
  logo: z.string().max(300).regex(/^(\/assets\/|\/api\/content\/images\/|https:\/\/)/).optional(),
})).min(1).max(60).refine((l) => new Set(l.map((b) => b.code)).size === l.length, { message: 'each code once' });
export type BanksConfig = z.infer<typeof banksConfig>;
