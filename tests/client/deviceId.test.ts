import { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_HEADER, endpoints } from '../../src/contract';

/** A Storage kept in a Map: the tests run in Node, which has no localStorage. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) { return this.items.get(key) ?? null; }
  setItem(key: string, value: string) { this.items.set(key, String(value)); }
  removeItem(key: string) { this.items.delete(key); }
  clear() { this.items.clear(); }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the device id (X-Device-Id)', () => {
  let local: MemoryStorage;
  beforeEach(() => {
    vi.resetModules();
    local = new MemoryStorage();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', new MemoryStorage());
  });

  it('is made once, kept in localStorage, and survives a logout', async () => {
    const { deviceId } = await import('../../src/client/auth/deviceId');
    const first = deviceId();
    expect(first).toMatch(UUID);
    expect(deviceId()).toBe(first);
    expect(local.getItem('deviceId')).toBe(first);
    const { clearSession, storeToken } = await import('../../src/client/auth/storage');
    storeToken('t', true);
    clearSession();
    vi.resetModules();
    const again = await import('../../src/client/auth/deviceId');
    expect(again.deviceId()).toBe(first);
  });

  it('replaces a stored value that is not a UUID', async () => {
    local.setItem('deviceId', 'tampered');
    const { deviceId } = await import('../../src/client/auth/deviceId');
    expect(deviceId()).toMatch(UUID);
    expect(local.getItem('deviceId')).toBe(deviceId());
  });

  it("is sent with every member call (login, money calls, reads) and not by the console's client", async () => {
    const { createHttp } = await import('../../src/client/api/http');
    const sent: InternalAxiosRequestConfig[] = [];
    const adapter: AxiosAdapter = async (config) => {
      sent.push(config);
      return { status: 200, statusText: '200', data: { message: 'OK' }, headers: {}, config };
    };
    const connection = { isOffline: () => false, answered: () => undefined, unanswered: () => undefined, onOffline: () => () => undefined };
    const base = { tokenSource: () => null, onSessionEnd: () => undefined, language: () => undefined, connection };
    const member = createHttp({ ...base, deviceId: () => 'b7c0e8a2-4d1f-4c3e-9a6b-2f5d8e1c7a90' });
    const console = createHttp(base);
    member.axios.defaults.adapter = adapter;
    console.axios.defaults.adapter = adapter;
    await member.call(endpoints.lookupActive);
    await console.call(endpoints.lookupActive);
    expect(sent.map((c) => AxiosHeaders.from(c.headers).get(DEVICE_ID_HEADER))).toEqual(['b7c0e8a2-4d1f-4c3e-9a6b-2f5d8e1c7a90', undefined]);
  });
});
