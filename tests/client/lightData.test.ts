import { afterEach, describe, expect, it, vi } from 'vitest';
import { wantsLightData } from '../../src/client/ui/lightData';

const withConnection = (connection: object | undefined) => vi.stubGlobal('navigator', { connection });

describe('wantsLightData: the phone asks to save data, or its line is slow', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is asked by Data Saver, whatever the line', () => {
    withConnection({ saveData: true, effectiveType: '4g' });
    expect(wantsLightData()).toBe(true);
  });

  it.each(['slow-2g', '2g', '3g'])('is asked on a %s line', (effectiveType) => {
    withConnection({ saveData: false, effectiveType });
    expect(wantsLightData()).toBe(true);
  });

  it('is not asked on 4g without Data Saver', () => {
    withConnection({ saveData: false, effectiveType: '4g' });
    expect(wantsLightData()).toBe(false);
  });

  it('is not asked where the browser has no Network Information API (Safari, Firefox)', () => {
    withConnection(undefined);
    expect(wantsLightData()).toBe(false);
  });
});
