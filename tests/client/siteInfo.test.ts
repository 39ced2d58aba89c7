import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/contract';

/** The shell's site name (SPEC section 3): GET /api/lookup/info's `name`, asked with fetch once per page load. */
const asked: { url: string; headers: Record<string, string> }[] = [];
const answerWith = (status: number, body: string) =>
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    asked.push({ url, headers: init.headers as Record<string, string> });
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  });
/** A fresh module each time: the name is kept per page load. */
const load = async () => {
  vi.resetModules();
  return import('../../src/client/api/siteInfo');
};

beforeAll(async () => {
  await i18next.init({ lng: 'th', resources: { th: { translation: {} } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  asked.length = 0;
});

describe('siteName', () => {
  it("asks the contract's lookupInfo, as every call asks, and reads its name", async () => {
    const { siteName, knownSiteName, SITE_INFO_PATH } = await load();
    expect(endpoints.lookupInfo.method).toBe('GET');
    expect(SITE_INFO_PATH).toBe(endpoints.lookupInfo.path);
    answerWith(200, JSON.stringify({ name: ' Lucky Wallet ', website: 'https://lucky.example' }));
    expect(knownSiteName()).toBeNull();
    expect(await siteName()).toBe('Lucky Wallet');
    expect(knownSiteName()).toBe('Lucky Wallet');
    expect(asked).toEqual([{ url: '/api/lookup/info', headers: expect.objectContaining({ 'x-client': 'member-wallet', 'accept-language': 'th' }) }]);
  });

  it('asks once per page load', async () => {
    const { siteName } = await load();
    answerWith(200, JSON.stringify({ name: 'Lucky Wallet', website: '' }));
    await Promise.all([siteName(), siteName()]);
    await siteName();
    expect(asked).toHaveLength(1);
  });

  it('gives nothing to show for an empty name or a failed ask, and asks again after a failure', async () => {
    const { siteName } = await load();
    answerWith(200, JSON.stringify({ name: '', website: '' }));
    expect(await siteName()).toBeNull();
    const again = await load();
    answerWith(502, '<html>Bad gateway</html>');
    expect(await again.siteName()).toBeNull();
    answerWith(200, JSON.stringify({ name: 'Back Again', website: '' }));
    expect(await again.siteName()).toBe('Back Again');
  });
});
