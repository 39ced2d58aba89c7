import { useEffect } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { Locale } from '../../contract/constants';
import { pushOptInMachine, type PushSubscriptionBody } from '../../../machines/pushOptInMachine';
import { currentLocale } from '../i18n';
import { BellIcon } from '../ui/icons';
import { readDevice, readKey, saveSubscription, subscribe, unsubscribe } from './pushDevice';
import './notifications.css';

const HINT = {
  checking: 'profile.notifications.checking',
  unsupported: 'profile.notifications.unsupported',
  needsInstall: 'profile.notifications.needsInstall',
  blocked: 'profile.notifications.blocked',
  off: 'profile.notifications.off',
  turningOn: 'profile.notifications.turningOn',
  on: 'profile.notifications.on',
  turningOff: 'profile.notifications.turningOff',
  failed: 'profile.notifications.failed',
} as const;

/**
 * The profile's "Notifications" row: a switch for pushes to this device (Web Push, issue 32) that
 * says what is true (pushOptInMachine), hidden when the server sends none.
 */
export function NotificationsRow() {
  const { t, i18n } = useTranslation();
  const [state, send] = useMachine(
    pushOptInMachine.provide({
      actors: {
        readDevice: fromPromise(readDevice),
        readKey: fromPromise(readKey),
        subscribe: fromPromise(({ input }: { input: { publicKey: string } }) => subscribe(input.publicKey)),
        saveSubscription: fromPromise<unknown, { subscription: PushSubscriptionBody; language: Locale }>(({ input }) => saveSubscription(input.subscription, input.language)),
        unsubscribe: fromPromise<unknown>(unsubscribe),
      },
    }),
    { input: { language: currentLocale(i18n.language) } },
  );
  const language = currentLocale(i18n.language);
  useEffect(() => send({ type: 'language.changed', language }), [language, send]);

  if (state.matches('unavailable')) return null;
  const phase = (Object.keys(HINT) as (keyof typeof HINT)[]).find((name) => state.matches(name)) ?? 'checking';
  const on = state.matches('on') || state.matches('turningOff');
  const hintId = 'profile-notifications-hint';
  return (
    <div className="profile__card panel notifications" data-testid="profile-notifications" data-state={phase}>
      <BellIcon size={22} className="profile__row-icon" />
      <span className="profile__link-text">
        <span className="profile__link-title" id="profile-notifications-title">{t('profile.notifications.title')}</span>
        <span className="profile__link-hint" id={hintId} role="status">{t(HINT[phase])}</span>
      </span>
      <button
        type="button"
        role="switch"
        className="notifications__switch"
        aria-checked={on}
        aria-label={t('profile.notifications.switch')}
        aria-describedby={hintId}
        disabled={!state.can({ type: 'push.toggled' })}
        onClick={() => send({ type: 'push.toggled' })}
        data-testid="profile-notifications-switch"
      >
        <span className="notifications__track" aria-hidden="true">
          <span className="notifications__thumb" />
        </span>
      </button>
    </div>
  );
}
