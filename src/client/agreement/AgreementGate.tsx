import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { fromPromise } from 'xstate';
import { agreementMachine } from '../../../machines/agreementMachine';
import { call, endpoints, errorCodeOf, errorText } from '../api';
import { readLocal, STORAGE_KEYS, writeLocal } from '../auth/storage';
import { sanitizeOperatorHtml } from '../format/safeHtml';
import { Dialog } from '../ui/Dialog';
import { useToast } from '../ui/toastContext';
import './agreement.css';

const HOME = '/user/home';

/**
 * The agreement modal of SPEC section 2, mounted once in the member shell so the home screen
 * need not own it: 1.5 s after /user/home loads it asks the server, and shows the agreements
 * when they are not accepted yet; closing them records acceptance (machines/agreementMachine).
 */
export function AgreementGate() {
  const { t } = useTranslation();
  const toast = useToast();
  const { pathname } = useLocation();
  const [snapshot, send] = useMachine(
    agreementMachine.provide({
      actors: {
        checkAgreement: fromPromise(() => call(endpoints.accountAgreement)),
        loadAgreements: fromPromise(() => call(endpoints.lookupAgreements)),
        acceptAgreement: fromPromise(({ input }) => call(endpoints.accountAgreementAccept, { body: input })),
      },
      actions: {
        rememberAccepted: () => writeLocal(STORAGE_KEYS.agreementAccepted, 'true'),
        notifyAcceptFailed: (_, { error }) => toast.error(`${t('agreement.acceptFailed')} ${errorText(t, errorCodeOf(error))}`),
      },
    }),
    { input: { acceptedOnDevice: readLocal(STORAGE_KEYS.agreementAccepted) === 'true' } },
  );

  const atHome = pathname.replace(/\/+$/, '') === HOME;
  useEffect(() => {
    send({ type: atHome ? 'home.entered' : 'home.left' });
  }, [atHome, send]);

  const open = snapshot.matches('showing') || snapshot.matches('accepting');
  const accepting = snapshot.matches('accepting');
  const close = () => send({ type: 'agreement.closed' });

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('agreement.title')}
      footer={
        <button type="button" className="btn btn--gold btn--block" onClick={close} disabled={accepting} aria-busy={accepting}>
          {accepting && <span className="spinner" aria-hidden="true" />}
          {t('agreement.accept')}
        </button>
      }
    >
      <p className="agreement__intro">{t('agreement.intro')}</p>
      <ol className="agreement__list" data-testid="agreement-list">
        {snapshot.context.agreements.map((html, index) => (
          // The operator writes the agreements as html in the back office: shown as written
          // (headings, lists, emphasis, links), sanitised first, as the conditions are.
          <li key={index} className="agreement__item" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(html) }} />
        ))}
      </ol>
    </Dialog>
  );
}
