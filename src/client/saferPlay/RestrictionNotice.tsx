import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RestrictionReason } from '../../contract/saferPlay';
import { call, endpoints } from '../api';
import { forgetSaferPlayNotice, peekSaferPlayNotice } from '../auth/storage';
import { AlertDialog } from '../ui/AlertDialog';
import { useWallet } from '../wallet/walletContext';
import { RestrictionText } from './RestrictionText';

type Restriction = { reason: RestrictionReason; until: string | null };

/**
 * Withdraw-only mode in the member area (issue 31: a break, a self-exclusion or the time limit).
 * The server lets such a member sign in and take money out, nothing else; this says why, until
 * when, and how to withdraw: as a dialog once right after the login that found it, and as a
 * banner on every member page for as long as it lasts (read from GET /api/safer-play, again when
 * the wallet changes, so a time limit reached while playing shows too).
 */
export function RestrictionNotice() {
  const { t } = useTranslation();
  const { changes } = useWallet();
  const [restriction, setRestriction] = useState<Restriction | null>(null);
  const [atLogin, setAtLogin] = useState(() => peekSaferPlayNotice('restricted') !== null);

  useEffect(() => {
    let live = true;
    call(endpoints.saferPlay)
      .then((status) => live && setRestriction(status.restriction))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [changes]);

  const dismiss = () => {
    forgetSaferPlayNotice();
    setAtLogin(false);
  };

  if (!restriction) return null;
  return (
    <>
      <p className="restriction-banner panel" role="status" data-testid="restriction-banner" data-reason={restriction.reason}>
        <RestrictionText restriction={restriction} />
      </p>
      <AlertDialog open={atLogin} kind="info" title={t('saferPlay.restriction.title')} onClose={dismiss}>
        <p data-testid="restriction-dialog">
          <RestrictionText restriction={restriction} />
        </p>
      </AlertDialog>
    </>
  );
}
