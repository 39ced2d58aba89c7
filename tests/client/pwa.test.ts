import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { installOffer, isAppleMobile } from '../../src/client/pwa/installOffer';
import { webManifest } from '../../src/client/pwa/webManifest';
import { readPush, sameOriginPath } from '../../src/client/sw/push-events';
import { isHashedBuildFile, NOT_THE_APP } from '../../src/client/sw/routes';

const ANDROID = { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Chrome/131.0 Mobile Safari/537.36', maxTouchPoints: 5 };
const IPHONE = { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1', maxTouchPoints: 5 };
const IPAD = { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/18.0 Safari/605.1.15', maxTouchPoints: 5 };
const MAC = { userAgent: IPAD.userAgent, maxTouchPoints: 0 };

describe('installOffer: what the install card offers', () => {
  it('offers the browser its own dialog when it sent beforeinstallprompt', () => {
    expect(installOffer({ canPrompt: true, installed: false }, ANDROID)).toBe('prompt');
  });

  it('offers the Share hint on an iPhone and on an iPad that calls itself a Mac', () => {
    expect(installOffer({ canPrompt: false, installed: false }, IPHONE)).toBe('ios');
    expect(isAppleMobile(IPAD)).toBe(true);
    expect(isAppleMobile(MAC)).toBe(false);
  });

  it('offers nothing once installed, in the installed app, or where the browser gives no way', () => {
    expect(installOffer({ canPrompt: true, installed: true }, ANDROID)).toBe('none');
    expect(installOffer({ canPrompt: false, installed: false }, { ...IPHONE, standalone: true })).toBe('none');
    expect(installOffer({ canPrompt: false, installed: false }, ANDROID)).toBe('none');
  });
});

describe('push messages in the service worker', () => {
  const data = (value: unknown) => ({ json: () => value });

  it('reads our message and drops fields of the wrong type', () => {
    expect(readPush(data({ title: 'Deposit credited', body: '100.00 baht', url: '/user/home', tag: 'deposit-1' }))).toEqual({
      title: 'Deposit credited', body: '100.00 baht', url: '/user/home', tag: 'deposit-1',
    });
    expect(readPush(data({ title: 'Chat', body: 7 }))).toEqual({ title: 'Chat', body: undefined, url: undefined, tag: undefined });
  });

  it('ignores a push that is not ours: no title, not JSON, no data', () => {
    expect(readPush(data({ body: 'x' }))).toBeUndefined();
    expect(readPush({ json: () => { throw new SyntaxError('not JSON'); } })).toBeUndefined();
    expect(readPush(null)).toBeUndefined();
  });

  it('opens only the app’s own pages: another site’s address opens the home', () => {
    const origin = 'https://wallet.example';
    expect(sameOriginPath('/user/statement?page=2#top', origin)).toBe('/user/statement?page=2#top');
    expect(sameOriginPath('https://wallet.example/user/bonus', origin)).toBe('/user/bonus');
    expect(sameOriginPath('https://evil.example/user/bonus', origin)).toBe('/user/home');
    expect(sameOriginPath('javascript:alert(1)', origin)).toBe('/user/home');
    expect(sameOriginPath(undefined, origin)).toBe('/user/home');
  });
});

describe('the service worker’s routes', () => {
  it('knows the build’s hashed files from the project’s own images', () => {
    expect(isHashedBuildFile('/assets/HomeScreen-B8cJIpes.js')).toBe(true);
    expect(isHashedBuildFile('/assets/index-64Soylmu.css')).toBe(true);
    expect(isHashedBuildFile('/assets/banks/kbank.svg')).toBe(false);
    expect(isHashedBuildFile('/assets/games/JOKER-bg.svg')).toBe(false);
    expect(isHashedBuildFile('/api/wallet')).toBe(false);
  });

  it('never answers the API, socket.io, the console or the sandbox with the app', () => {
    const leftToServer = (path: string) => NOT_THE_APP.some((pattern) => pattern.test(path));
    for (const path of ['/api/wallet', '/api', '/socket.io/?EIO=4', '/admin', '/admin/members', '/sandbox/sms', '/favicon.svg']) expect(leftToServer(path), path).toBe(true);
    for (const path of ['/user/home', '/login', '/register', '/user/statement']) expect(leftToServer(path), path).toBe(false);
  });
});

describe('the web manifest', () => {
  it('installs the member app standalone at /user/home, with maskable icons of 192 and 512 px', () => {
    const manifest = webManifest('en', { name: en.pwa.name, shortName: en.pwa.shortName, description: en.pwa.description });
    expect(manifest).toMatchObject({ id: '/', start_url: '/user/home', scope: '/', display: 'standalone' });
    const icons = manifest.icons as { sizes: string; purpose?: string }[];
    for (const size of ['192x192', '512x512']) {
      expect(icons.some((icon) => icon.sizes === size && (icon.purpose ?? 'any').includes('any'))).toBe(true);
      expect(icons.some((icon) => icon.sizes === size && icon.purpose?.includes('maskable'))).toBe(true);
    }
  });
});
