import { sql, type Kysely } from 'kysely';
import { DEPOSIT_LA as SEEDED_LA } from './0006_deposits.seed';
import { BAHT_QR, BAHT_RULES, DEPOSIT_LA, LAK_RULES } from './0017_money_rules.seed';

/**
 * Money rules per currency (issue 17): the withdraw bounds, auto-pay limit, QR minimums and
 * presets and the amount step were one setting for every currency, baht-sized, so a Lao member
 * could not withdraw over 50,000 kip and could make a 10-kip code. They become `money.rules`,
 * one entry per currency; BAHT keeps the operator's figures. The Laos sandbox gains a LAO QR
 * account with a complete merchant, and a LAK code is for whole kip.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const old = await sql<{ key: string; value: unknown }>`
    select key, value from setting where key in ('withdraw.limits', 'withdraw.autoPayLimit', 'qr.minimums')`.execute(db);
  const value = (key: string) => old.rows.find((r) => r.key === key)?.value;
  const limits = (value('withdraw.limits') ?? {}) as { withdrawMin?: number; withdrawMax?: number };
  const autoPayLimit = value('withdraw.autoPayLimit');
  const qrMinimums = (value('qr.minimums') ?? {}) as Record<string, number>;
  const baht = {
    ...BAHT_RULES,
    ...(typeof limits.withdrawMin === 'number' ? { withdrawMin: limits.withdrawMin } : {}),
    ...(typeof limits.withdrawMax === 'number' ? { withdrawMax: limits.withdrawMax } : {}),
    ...(typeof autoPayLimit === 'number' ? { autoPayLimit } : {}),
    qr: Object.fromEntries(Object.entries(BAHT_QR).map(([provider, rule]) =>
      [provider, typeof qrMinimums[provider] === 'number' ? { ...rule, minimum: qrMinimums[provider] } : rule])),
  };
  await sql`insert into setting (key, value) values ('money.rules', ${JSON.stringify({ BAHT: baht, LAK: LAK_RULES })}::jsonb)
    on conflict (key) do nothing`.execute(db);
  await sql`delete from setting where key in ('withdraw.limits', 'withdraw.autoPayLimit', 'qr.minimums')`.execute(db);

  // The sandbox's Lao accounts, if still as 0006 seeded them (their LAO QR had a placeholder
  // bank id and no merchant); an operator's own accounts stay as they are.
  await sql`update setting set value = ${JSON.stringify(DEPOSIT_LA)}::jsonb, updated_at = now()
    where key = 'deposit.LA' and value = ${JSON.stringify(SEEDED_LA)}::jsonb`.execute(db);

  // Kip is paid in whole kip: a LAK code's amount (1/100 kip) is a whole number of kip. Not
  // checked against rows made before, which stay as they were.
  await sql`alter table deposit_qrcode add constraint deposit_qrcode_lak_whole
    check (currency <> 'LAK' or amount % 100 = 0) not valid`.execute(db);
}

