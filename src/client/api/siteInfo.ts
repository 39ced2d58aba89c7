import { TIMEOUTS } from '../../contract/constants';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '../../contract/endpoint';
import { callLanguage } from './answers';

/** The path of the contract's lookupInfo (tests/client/siteInfo.test.ts keeps the two in step). */
export const SITE_INFO_PATH = '/api/lookup/info';

let asked: Promise<string | null> | undefined;
let known: string | null = null;

const nameIn = (body: unknown): string | null => {
  if (!body || typeof body !== 'object' || !('name' in body)) return null;
  const { name } = body as { name: unknown };
  return typeof name === 'string' && name.trim() ? name.trim() : null;
};

/**
 * SPEC section 3: the site's name is the operator's, from GET /api/lookup/info (`name`). Asked
 * once per page load, with fetch like the login page's service check (serviceCheck.ts), since
 * the shell around /login shows it and must not wait for axios or zod. Resolves null when there
 * is no name to show (the shell keeps its own words then); a failed ask is tried again next time.
 */
export function siteName(): Promise<string | null> {
  asked ??= (async () => {
    const headers: Record<string, string> = { accept: 'application/json', [CLIENT_HEADER]: CLIENT_HEADER_VALUE };
    const language = callLanguage();
    if (language) headers['accept-language'] = language;
    const response = await fetch(SITE_INFO_PATH, { headers, signal: AbortSignal.timeout(TIMEOUTS.requestMs) });
    if (!response.ok) throw new Error(`lookup/info: ${response.status}`);
    known = nameIn(await response.json());
    return known;
  })().catch(() => {
    asked = undefined;
    return null;
  });
  return asked;
}

/** The site's name once it has been read, else null. */
export const knownSiteName = (): string | null => known;
