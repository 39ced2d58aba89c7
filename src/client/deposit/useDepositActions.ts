import { useActorRef, useMachine, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRUEWALLET_LINK_PATTERN } from '../../contract';
import { errorText } from '../api';
import { formatAmount } from '../format';
import { useToast } from '../ui/toastContext';
import { useCurrencyLabel } from '../wallet/useCurrency';
import { useWallet } from '../wallet/walletContext';
import { appSlipUploadMachine, trueWalletMachine } from './depositRequests';

/**
 * The deposits that move money, held by the home's deposit widget rather than by the modal: an
 * upload or a gift link keeps going when the modal is closed, and its answer still arrives.
 */
export function useDepositActions() {
  const { t } = useTranslation();
  const toast = useToast();
  const currency = useCurrencyLabel();
  const { reload, changes } = useWallet();

  const [slip, sendSlip] = useMachine(
    appSlipUploadMachine.provide({
      actions: {
        notifyRefusedFile: (_, { code }) => toast.error(errorText(t, code)),
        notifyUploadFailed: (_, { code }) => toast.error(errorText(t, code)),
      },
    }),
  );

  // A slip still being checked may be decided when the wallet changed (an approval credits it)
  // or while the page was out of view: read it again then (machines/slipUploadMachine.ts).
  const seenChanges = useRef(changes);
  useEffect(() => {
    if (seenChanges.current === changes) return;
    seenChanges.current = changes;
    sendSlip({ type: 'slip.recheck' });
  }, [changes, sendSlip]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') sendSlip({ type: 'slip.recheck' });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [sendSlip]);

  // True Wallet: the money action machine owns the key (one per send, kept while the outcome is unknown).
  const [giftLink, setGiftLink] = useState('');
  const giftActor = useActorRef(trueWalletMachine);
  const gift = useSelector(giftActor, (snapshot) => snapshot);
  useEffect(() => {
    const subscription = giftActor.subscribe((snapshot) => {
      if (snapshot.matches('done')) {
        const amount = (snapshot.context.result as { amount?: number } | null)?.amount;
        toast.success(t('truewallet.success', { amount: formatAmount(amount), currency }));
        setGiftLink('');
        void reload();
        giftActor.send({ type: 'result.acknowledged' });
      } else if (snapshot.matches({ failed: 'awaitingConnection' })) {
        // Issue 32: the connection lost the answer; the same link is sent again with the same key
        // when it is back, and its answer is toasted then.
        toast.info(t('wallet.connectionLostToast'));
        giftActor.send({ type: 'result.acknowledged' });
      } else if (snapshot.matches('failed') && snapshot.context.failure) {
        // SPEC section 8: True Wallet link failures are error toasts. An unknown outcome keeps its
        // key: sending the same link again is the same deposit.
        toast.error(errorText(t, snapshot.context.failure.code));
        giftActor.send({ type: 'result.acknowledged' });
      }
    });
    return () => subscription.unsubscribe();
  }, [giftActor, toast, t, currency, reload]);

  const sendGiftLink = () => {
    const link = giftLink.trim();
    if (!link) return;
    // The server reads only gift links; a mistyped one is refused here without a round trip.
    if (!TRUEWALLET_LINK_PATTERN.test(link)) {
      toast.error(errorText(t, 'TRUELINK_INVALID'));
      return;
    }
    giftActor.send({ type: 'action.confirmed', request: { operation: 'truelink', link } });
  };

  return {
    slip,
    sendSlip,
    trueWallet: {
      link: giftLink,
      setLink: setGiftLink,
      send: sendGiftLink,
      canSend: giftLink.trim() !== '' && gift.can({ type: 'action.confirmed', request: { operation: 'truelink', link: giftLink } }),
      busy: gift.matches('submitting') || gift.matches('pendingRetry'),
      waiting: gift.matches('pendingRetry'),
    },
  };
}

export type DepositActions = ReturnType<typeof useDepositActions>;
