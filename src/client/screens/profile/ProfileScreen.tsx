import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../../contract';
import { call, endpoints } from '../../api';
import { formatBankAccountNo, formatDateTime } from '../../format';
import { copyText } from '../../ui/clipboard';
import { Link } from 'react-router';
import { BankIcon, CalendarIcon, ChevronDownIcon, CopyIcon, IdCardIcon, PhoneIcon, ShieldIcon, UserIcon } from '../../ui/icons';
import { useToast } from '../../ui/toastContext';
import { BankAccountName } from './BankAccountName';
import { Row } from './ProfileRow';
import { ChangePassword } from './ChangePassword';
import { InstallCard } from '../../pwa/InstallCard';
import { NotificationsRow } from '../../push/NotificationsRow';
import '../pages.css';
import './profile.css';

type Profile = ResponseOf<typeof endpoints.accountProfile>;
// SPEC section 8: profile load errors are swallowed; the loader just hides.
type Load = { state: 'loading' } | { state: 'ready'; data: Profile } | { state: 'failed' };

/** /user/profile: read-only member and bank details, the password change and the English-name editor. */
export function ProfileScreen() {
  const { t, i18n } = useTranslation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    call(endpoints.accountProfile)
      .then((data) => live && setLoad({ state: 'ready', data }))
      .catch(() => live && setLoad({ state: 'failed' }));
    return () => {
      live = false;
    };
    // The bank's name comes in the member's language: a new language reloads it.
  }, [i18n.language]);

  return (
    <section className="page profile" aria-labelledby="profile-title">
      <div className="profile__heading">
        <h1 id="profile-title" className="page__title">
          {t('profile.title')}
        </h1>
        <ChangePassword />
      </div>
      {load.state === 'loading' && (
        <p className="dialog-status" role="status">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      {load.state === 'failed' && <p className="dialog-status">{t('profile.loadFailed')}</p>}
      {load.state === 'ready' && <ProfileDetails data={load.data} />}
      {/* Issue 32: pushes to this device (deposits, withdrawals, support's answers, a bonus completed). */}
      <NotificationsRow />
      {/* Issue 31: limits, breaks, self-exclusion and the reality check. */}
      <Link to="/user/safer-play" className="profile__card profile__link panel" data-testid="profile-safer-play">
        <ShieldIcon size={22} className="profile__row-icon" />
        <span className="profile__link-text">
          <span className="profile__link-title">{t('saferPlay.profileLink')}</span>
          <span className="profile__link-hint">{t('saferPlay.profileHint')}</span>
        </span>
        <ChevronDownIcon size={20} className="profile__link-chevron" />
      </Link>
      {/* Issue 32: install the app (or how, on an iPhone); gone once installed. */}
      <InstallCard />
    </section>
  );
}

function ProfileDetails({ data }: { data: Profile }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { profile, bankAccount } = data;
  const initial = profile.name.trim().charAt(0).toUpperCase();

  const copyAccountNo = () =>
    copyText(bankAccount.bankAccountNo).then(
      () => toast.success(t('profile.copied', { text: bankAccount.bankAccountNo })),
      () => toast.error(t('profile.copyFailed')),
    );

  return (
    <>
      <div className="profile__card profile__identity panel">
        <span className="profile__avatar" aria-hidden="true">
          {initial || <UserIcon size={28} />}
        </span>
        <div className="profile__identity-text">
          <p className="profile__name" data-testid="profile-name">
            {profile.name}
          </p>
          <p className="profile__username">{profile.username}</p>
        </div>
      </div>

      <div className="profile__card panel">
        <h2 className="profile__section">{t('profile.account')}</h2>
        <dl className="profile__rows">
          <Row icon={UserIcon} label={t('profile.name')} value={profile.name} testId="profile-row-name" />
          <Row icon={IdCardIcon} label={t('profile.id')} value={profile._id} testId="profile-row-id" />
          <Row icon={CalendarIcon} label={t('profile.createdAt')} value={formatDateTime(profile.createdAt)} testId="profile-row-created" />
          <Row icon={PhoneIcon} label={t('profile.username')} value={profile.username} testId="profile-row-username" />
        </dl>
      </div>

      <div className="profile__card panel">
        <h2 className="profile__section">{t('profile.bankSection')}</h2>
        <dl className="profile__rows">
          <Row
            icon={BankIcon}
            label={t('profile.bankName')}
            // SPEC section 2: the bank's Thai name (nameTH: the bank's own name in the build's
            // language, Lao in Laos), as on its cards and statements; under it the member's
            // language's name when that differs, for a member who does not read Thai.
            value={bankAccount.bank.nameTH || bankAccount.bank.name}
            note={bankAccount.bank.name !== bankAccount.bank.nameTH ? bankAccount.bank.name : null}
            testId="profile-row-bank"
          />
          <BankAccountName bankCode={bankAccount.bankCode} bankAccountName={bankAccount.bankAccountName} />
          <Row
            icon={IdCardIcon}
            label={t('profile.bankAccountNo')}
            value={formatBankAccountNo(bankAccount.bankAccountNo)}
            testId="profile-row-account-no"
            action={
              <button
                type="button"
                className="profile__action"
                aria-label={t('profile.copy', { label: t('profile.bankAccountNo') })}
                onClick={() => void copyAccountNo()}
              >
                <CopyIcon size={18} />
              </button>
            }
          />
        </dl>
      </div>
    </>
  );
}
