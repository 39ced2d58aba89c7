import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fromPromise } from 'xstate';
import { serviceReturnMachine, type ServiceAnswer } from '../../../machines/serviceReturnMachine';
import { readServiceState } from '../api/serviceCheck';
import { hasToken } from '../auth/storage';
import { ChatLauncher } from '../chat/ChatLauncher';
import { PowerIcon } from '../ui/icons';
import { MaintenanceClosed } from '../maintenance/MaintenanceBanner';
import { ContactDetails } from './contact/ContactDetails';
import { StatusScreen } from './StatusScreen';
import './pages.css';

const askService = fromPromise<ServiceAnswer>(async () => (await readServiceState()).state);

/**
 * /terminated: the service is switched off. The member reads that their money is safe and how to
 * get it out, can reach the operator (LINE, the chat), and is taken back to /login by themselves
 * as soon as the service runs again (machines/serviceReturnMachine.ts: it asks the server, never a
 * cache, with a growing pause, and at once when the tab comes back into view).
 */
export default function TerminatedScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [snapshot, send] = useMachine(
    serviceReturnMachine.provide({
      actors: { askService },
      actions: { sendToLogin: () => void navigate('/login', { replace: true }) },
    }),
  );

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') send({ type: 'service.recheck' });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [send]);

  const asking = snapshot.matches('asking');
  return (
    <StatusScreen
      badge={<PowerIcon size={44} />}
      title={t('terminated.title')}
      body={t('terminated.body')}
      action={
        <div className="terminated">
          <ul className="terminated__facts">
            <li data-testid="terminated-money-safe">{t('terminated.moneySafe')}</li>
            <li>{t('terminated.getMoneyOut')}</li>
          </ul>
          <MaintenanceClosed />
          <p className="terminated__watch" data-testid="terminated-watch">
            {asking && <span className="spinner" aria-hidden="true" />}
            {asking ? t('terminated.checking') : t('terminated.watching')}
          </p>
          <button type="button" className="btn btn--ghost btn--block" disabled={asking} aria-busy={asking} onClick={() => send({ type: 'service.recheck' })} data-testid="terminated-recheck">
            {t('terminated.checkNow')}
          </button>
          <h2 className="terminated__contact-title">{t('terminated.contactTitle')}</h2>
          <ContactDetails />
          {/* The member whose service closed chats as the member; anyone else as a guest. No menu here. */}
          <ChatLauncher who={hasToken() ? 'member' : 'guest'} wake="now" invite placement="corner" />
        </div>
      }
    />
  );
}
