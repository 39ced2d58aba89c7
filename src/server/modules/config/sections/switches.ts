import { canonicalJson, switchesConfig, type SwitchesConfig } from '../../../../contract';
import type { AppContext } from '../../../context';
import type { ConfigSection, Reader } from '../section';

interface SlipSetting { closedFrom: string | null; closedTo: string | null; uploadWithinMinutes: number; utcOffsetMinutes: number }

/** The settings behind each switch, and their values where none is stored (as their readers default). */
const KEYS = {
  registerOTP: 'registerOTP',
  enableChatWidget: 'enableChatWidget',
  memberMayChangeBank: 'account.memberMayChangeBank',
  qrExpireMinutes: 'qr.expireMinutes',
  slip: 'slip',
} as const satisfies Record<keyof SwitchesConfig, string>;
const SLIP_DEFAULT: SlipSetting = { closedFrom: null, closedTo: null, uploadWithinMinutes: 60, utcOffsetMinutes: 420 };

/**
 * The product's switches (target 'main'): OTP at registration (`registerOTP`, read by the
 * registration and its lookup), the chat widget (`enableChatWidget`), members changing their
 * bank (`account.memberMayChangeBank`, read by the profile), how long a QR code lives
 * (`qr.expireMinutes`, read when a code is made) and the slip window (`slip`, read by the
 * lookups and the slip upload; its UTC offset is the country's, not the operator's). Each is a
 * setting read on every request; a change writes the settings that changed, at once.
 */
export function switchesSection(ctx: AppContext): ConfigSection<SwitchesConfig> {
  const settings = async (db: Reader) => {
    const rows = await db.selectFrom('setting').select(['key', 'value']).where('key', 'in', Object.values(KEYS)).execute();
    return new Map(rows.map((r) => [r.key, r.value as unknown]));
  };
  const slipOf = (stored: unknown): SlipSetting => ({ ...SLIP_DEFAULT, ...(stored as Partial<SlipSetting> | undefined) });
  const valueOf = (stored: Map<string, unknown>): SwitchesConfig => {
    const slip = slipOf(stored.get(KEYS.slip));
    return {
      registerOTP: (stored.get(KEYS.registerOTP) ?? true) as boolean,
      enableChatWidget: (stored.get(KEYS.enableChatWidget) ?? false) as boolean,
      memberMayChangeBank: (stored.get(KEYS.memberMayChangeBank) ?? false) as boolean,
      qrExpireMinutes: (stored.get(KEYS.qrExpireMinutes) ?? 10) as number,
      slip: { closedFrom: slip.closedFrom, closedTo: slip.closedTo, uploadWithinMinutes: slip.uploadWithinMinutes },
    };
  };
  return {
    name: 'switches',
    schema: switchesConfig,
    targets: async () => ['main'],
    async read(db, target) {
      return target === 'main' ? valueOf(await settings(db)) : null;
    },
    async write(trx, _target, value) {
      const stored = await settings(trx);
      const now = valueOf(stored);
      for (const field of Object.keys(KEYS) as (keyof SwitchesConfig)[]) {
        if (canonicalJson(now[field]) === canonicalJson(value[field])) continue;
        const next = field === 'slip' ? { ...slipOf(stored.get(KEYS.slip)), ...value.slip } : value[field];
        await ctx.settings.write(trx, KEYS[field], next);
      }
    },
    movesMoney: () => false,
  };
}
