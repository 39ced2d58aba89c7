import i18next from 'i18next';
import type en from '../../../locales/en.json';
import type { Locale } from '../../contract/constants';
import { currentLocale } from './locale';
import type { StringsPart } from './sections';

/** Some sections of one language's strings; every catalogue has the English one's keys (check-locales). */
type Strings = Partial<typeof en>;

/**
 * Each language's strings are two chunks of their own (./sections.ts), so a page downloads only
 * the member's language, and /login only the part it shows (issue 18: its JavaScript budget).
 * The start part is fetched before the first render; the rest with the first lazy page or call;
 * another language when the member picks it, or sooner when the language menu opens.
 */
const importers: Record<Locale, Record<StringsPart, () => Promise<{ default: Strings }>>> = {
  th: { start: () => import('virtual:strings/th-start'), rest: () => import('virtual:strings/th-rest') },
  la: { start: () => import('virtual:strings/la-start'), rest: () => import('virtual:strings/la-rest') },
  en: { start: () => import('virtual:strings/en-start'), rest: () => import('virtual:strings/en-rest') },
};

const fetched = new Map<string, Promise<Strings>>();
/** The parts the pages shown so far need, in whatever language the member turns to. */
const wanted = new Set<StringsPart>(['start']);
const added = new Set<string>();

/** A part of a language's strings, fetched once; a failed fetch is tried again next time. */
export const fetchStrings = (locale: Locale, part: StringsPart): Promise<Strings> => {
  const key = `${locale}/${part}`;
  let strings = fetched.get(key);
  if (!strings) {
    strings = importers[locale][part]().then(
      (module) => module.default,
      (error: unknown) => {
        fetched.delete(key);
        throw error;
      },
    );
    fetched.set(key, strings);
  }
  return strings;
};

/** The setup gave i18next this part already. */
export const markAdded = (locale: Locale, part: StringsPart) => void added.add(`${locale}/${part}`);

const missing = (locale: Locale) => [...wanted].filter((part) => !added.has(`${locale}/${part}`));

/**
 * Gives i18next every part wanted so far in this language (after setup). Parts wanted while it
 * waits are fetched too, so a language switch never lands on raw keys.
 */
export const loadStrings = async (locale: Locale): Promise<void> => {
  for (let parts = missing(locale); parts.length > 0; parts = missing(locale)) {
    await Promise.all(
      parts.map(async (part) => {
        const strings = await fetchStrings(locale, part);
        // Deep: the parts hold different sections of one namespace.
        i18next.addResourceBundle(locale, 'translation', strings, true, false);
        markAdded(locale, part);
      }),
    );
  }
};

/** A lazy page, or a call whose refusal is shown in words, needs every section from now on. */
export const loadAllStrings = async (): Promise<void> => {
  wanted.add('rest');
  const current = () => currentLocale(i18next.language);
  // The language may change while the rest arrives: then the new one needs it as well.
  for (let locale = current(); ; locale = current()) {
    await loadStrings(locale);
    if (locale === current()) return;
  }
};
