import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_members';
import * as m0003 from './0003_ledger';
import * as m0004 from './0004_games_and_payouts';
import * as m0005 from './0005_member_access';
import * as m0006 from './0006_deposits';
import * as m0007 from './0007_transfer_speed';
import * as m0008 from './0008_hardening';
import * as m0009 from './0009_statement_scale';
import * as m0010 from './0010_content_languages';
import * as m0012 from './0012_promotions';
import * as m0013 from './0013_chat';
import * as m0014 from './0014_back_office';
import * as m0015 from './0015_spin_wheel';
import * as m0016 from './0016_statement_kinds';
import * as m0017 from './0017_money_rules';
import * as m0018 from './0018_bank_arrivals';
import * as m0019 from './0019_void_refuses_moves';
import * as m0020 from './0020_one_credit_per_transfer';
import * as m0021 from './0021_transfer_answers';
import * as m0022 from './0022_operator_makers';
import * as m0023 from './0023_login_address_failures';
import * as m0024 from './0024_operator_sign_in_failures';
import * as m0025 from './0025_chat_upload_budget';
import * as m0026 from './0026_promotion_currencies';
import * as m0027 from './0027_transfer_read_times';
import * as m0028 from './0028_deposit_notices';
import * as m0029 from './0029_password_reset_codes';
import * as m0030 from './0030_configuration';
import * as m0031 from './0031_spin_wheel_config';
import * as m0032 from './0032_bonus_schedule';
import * as m0033 from './0033_report_indexes';
import * as m0034 from './0034_member_risk';
import * as m0035 from './0035_payout_four_eyes';
import * as m0036 from './0036_safer_play';
import * as m0037 from './0037_safer_play_holds';
import * as m0038 from './0038_transfer_leg_live_key';
import * as m0039 from './0039_push_subscription';

/**
 * Forward-only migrations in the order they run. A new migration is a new file added at the
 * end of this list; an applied migration is never edited.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_members': m0002,
  '0003_ledger': m0003,
  '0004_games_and_payouts': m0004,
  '0005_member_access': m0005,
  '0006_deposits': m0006,
  '0007_transfer_speed': m0007,
  '0008_hardening': m0008,
  '0009_statement_scale': m0009,
  '0010_content_languages': m0010,
  '0012_promotions': m0012,
  '0013_chat': m0013,
  '0014_back_office': m0014,
  '0015_spin_wheel': m0015,
  '0016_statement_kinds': m0016,
  '0017_money_rules': m0017,
  '0018_bank_arrivals': m0018,
  '0019_void_refuses_moves': m0019,
  '0020_one_credit_per_transfer': m0020,
  '0021_transfer_answers': m0021,
  '0022_operator_makers': m0022,
  '0023_login_address_failures': m0023,
  '0024_operator_sign_in_failures': m0024,
  '0025_chat_upload_budget': m0025,
  '0026_promotion_currencies': m0026,
  '0027_transfer_read_times': m0027,
  '0028_deposit_notices': m0028,
  '0029_password_reset_codes': m0029,
  '0030_configuration': m0030,
  '0031_spin_wheel_config': m0031,
  '0032_bonus_schedule': m0032,
  '0033_report_indexes': m0033,
  '0034_member_risk': m0034,
  '0035_payout_four_eyes': m0035,
  '0036_safer_play': m0036,
  '0037_safer_play_holds': m0037,
  '0038_transfer_leg_live_key': m0038,
  '0039_push_subscription': m0039,
};
