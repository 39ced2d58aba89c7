import { sql, type Kysely } from 'kysely';
import { INVITE_BANNERS as SEEDED_INVITE_BANNERS, SEED_BONUSES } from './0012_promotions.seed';
import { LOCALIZED_SETTINGS } from './0010_content_languages.seed';
import { BONUS_TEXTS, CONDITIONS, INVITE_BANNERS, KIP_PER_BAHT, NOTICE_TEXT } from './0026_promotion_currencies.seed';

/**
 * Every amount of a promotion is set per member currency (issue 27, finding 9): a bonus's cap,
 * fixed amount and minimum deposit, the invite rule's cap per friend and the refund rule's
 * minimum held one minor-unit figure that the engine applied to baht and kip alike (a welcome
 * bonus capped at 500 kip, a weekly bonus of 50 kip). Each becomes `{ "BAHT": n, "LAK": n }` in
 * minor units; the kip figure is the baht one times KIP_PER_BAHT (about 600 kip to the baht),
 * which the operator can change. A currency without a figure is not offered that bonus. The
 * seeded texts name their amounts as placeholders the server fills in the member's currency,
 * and the seeded bonus conditions and notice state the rules the engine applies (finding 3).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bonus_definition
    drop constraint bonus_definition_amount_cap_check,
    drop constraint bonus_definition_amount_fixed_check,
    drop constraint bonus_definition_min_deposit_check,
    alter column min_deposit drop default`.execute(db);
  const perCurrency = (column: string) => sql.raw(
    `case when ${column} is null then null else jsonb_build_object('BAHT', ${column}, 'LAK', ${column} * ${KIP_PER_BAHT}) end`,
  );
  await sql`alter table bonus_definition
    alter column amount_cap type jsonb using ${perCurrency('amount_cap')},
    alter column amount_fixed type jsonb using ${perCurrency('amount_fixed')},
    alter column min_deposit type jsonb using ${perCurrency('min_deposit')}`.execute(db);
  await sql`alter table bonus_definition
    alter column min_deposit set default '{}',
    alter column min_deposit set not null,
    add constraint bonus_definition_amount_cap_check check (amount_cap is null or jsonb_typeof(amount_cap) = 'object'),
    add constraint bonus_definition_amount_fixed_check check (amount_fixed is null or jsonb_typeof(amount_fixed) = 'object'),
    add constraint bonus_definition_min_deposit_check check (jsonb_typeof(min_deposit) = 'object')`.execute(db);

  // The seeded texts, where the operator has not rewritten them, name amounts as placeholders.
  for (const seeded of SEED_BONUSES) {
    const texts = BONUS_TEXTS[seeded.code];
    if (!texts) continue;
    await sql`update bonus_definition set description = ${JSON.stringify(texts.description)}::jsonb
      where code = ${seeded.code} and description = ${JSON.stringify(seeded.description)}::jsonb`.execute(db);
    await sql`update bonus_definition set banners = ${JSON.stringify(texts.banners)}::jsonb
      where code = ${seeded.code} and banners = ${JSON.stringify(seeded.banners)}::jsonb`.execute(db);
  }
  await sql`update setting set value = ${JSON.stringify(INVITE_BANNERS)}::jsonb
    where key = 'invite.banners' and value = ${JSON.stringify(SEEDED_INVITE_BANNERS)}::jsonb`.execute(db);

  // The invite rule's cap per friend and the refund rule's minimum, per currency.
  await sql`update setting set value = jsonb_set(value, '{capPerFriend}',
      jsonb_build_object('BAHT', (value->>'capPerFriend')::bigint, 'LAK', (value->>'capPerFriend')::bigint * ${KIP_PER_BAHT}))
    where key = 'invite.rule' and jsonb_typeof(value->'capPerFriend') = 'number'`.execute(db);
  await sql`update setting set value = jsonb_set(value, '{minimum}',
      jsonb_build_object('BAHT', (value->>'minimum')::bigint, 'LAK', (value->>'minimum')::bigint * ${KIP_PER_BAHT}))
    where key = 'refund.rule' and jsonb_typeof(value->'minimum') = 'number'`.execute(db);

  // The bonus rules' texts, where they are still 0010's, state what the engine does.
  for (const country of ['TH', 'LA']) {
    const [, conditions] = LOCALIZED_SETTINGS[`conditions.${country}`];
    await sql`update setting set value = ${JSON.stringify(CONDITIONS)}::jsonb
      where key = ${`conditions.${country}`} and value = ${JSON.stringify(conditions)}::jsonb`.execute(db);
    const [, notice] = LOCALIZED_SETTINGS[`notice.${country}`] as [unknown, { text: unknown }];
    await sql`update setting set value = jsonb_set(value, '{text}', ${JSON.stringify(NOTICE_TEXT)}::jsonb)
      where key = ${`notice.${country}`} and value->'text' = ${JSON.stringify(notice.text)}::jsonb`.execute(db);
  }
}
