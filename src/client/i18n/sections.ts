import type en from '../../../locales/en.json';

/**
 * The sections of a catalogue (locales/*.json) that the pages of the entry chunk show: the login
 * form, the logged-out shell, the status pages and the chat button of every page. They come
 * first, in a chunk of their own per language; the other sections (error texts included) come
 * with the first lazy page or call (./catalogues.ts), so /login downloads a fraction of its
 * language (issue 18). Read by vite.config.ts at build time, which splits each catalogue in two.
 */
export const START_SECTIONS: readonly (keyof typeof en)[] = ['app', 'languages', 'nav', 'login', 'notFound', 'terminated', 'common', 'chatButton', 'connection'];

/** The two chunks of a language: the start sections, and the rest. */
export type StringsPart = 'start' | 'rest';
