import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { qrAmountTooLarge, qrDepositMachine, qrRemainingMs, type QrAnswer } from '../../../machines/qrDepositMachine';
import type { QrProvider } from '../../contract';
import type { RefusalDetails } from '../../../machines/refusal';
import { errorText } from '../api';
import { isSaferPlayRefusal } from '../saferPlay/refusals';
import { SaferPlayRefusal } from '../saferPlay/SaferPlayRefusal';
import { formatAmount, formatCountdown } from '../format';
import { useToast } from '../ui/toastContext';
import { createQrcode, deleteQrcode, readQrcode } from './depositRequests';
import { qrImageSource, qrRules } from './depositMethods';
import { ClockIcon } from './depositIcons';
import { CheckIcon } from '../ui/icons';
import { BAHT_STEP, fractionCut, typableAmount } from '../wallet/moneyForms';
import { canShareFile, qrFileName, qrPngBlob, shareFile } from './qrImageFile';

interface QrPanelProps {
  provider: QrProvider;
  /** The provider's name as the member knows it ("KBANK QR", "WW Pay"). */
  label: string;
  currency: string;
  /** The wallet's change counter: a change may mean the code was paid, so it is read again. */
  changes: number;
  /** The server's minimum, presets and (when it gives one) maximum for this provider in the member's currency (money lookup). */
  amounts?: { minimum: number; presets: readonly number[]; maximum?: number };
  /** The member's currency's amount step (money lookup): 1 for whole kip. */
  step?: number;
}

/**
 * QR creation for one provider (SPEC sections 2, 4, 5, 9) over machines/qrDepositMachine: the
 * preset amounts and an amount input, then the code with its mm:ss countdown and a cancel button.
 * Mounted per provider (keyed), so switching providers reads that provider's current code.
 */
export function QrPanel({ provider, label, currency, changes, amounts, step }: QrPanelProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const rules = qrRules(provider, import.meta.env.VITE_QR_FP_MINIMUM, amounts);
  const decimals = step !== undefined && step >= 1 ? 0 : 2;
  const ids = { amount: useId(), hint: useId(), timer: useId() };
  const [cut, setCut] = useState(false);
  const [refusal, setRefusal] = useState<{ code: string; details?: RefusalDetails } | null>(null);
  const [snapshot, send] = useMachine(
    qrDepositMachine.provide({
      actors: {
        readQrcode: fromPromise<QrAnswer, { provider: string }>(({ input }) => readQrcode(input.provider)),
        createQrcode: fromPromise<QrAnswer, { provider: string; amount: number }>(({ input }) => createQrcode(input.provider, input.amount)),
        deleteQrcode: fromPromise<unknown, { qrcodeId: string }>(({ input }) => deleteQrcode(input.qrcodeId)),
      },
      actions: {
        notifyCreateFailed: (_, { code, details }) => {
          // Issue 31: a limit or a break is said in the form, where it stays, with what is left.
          if (isSaferPlayRefusal(code)) setRefusal({ code, details });
          else toast.error(errorText(t, code));
        },
        notifyCancelFailed: (_, { code }) => toast.error(errorText(t, code)),
      },
    }),
    { input: { provider, minimum: rules.minimum, decimals, maximum: rules.maximum } },
  );

  // A credit, or the page coming back into view: the shown code may have been paid meanwhile.
  const seenChanges = useRef(changes);
  useEffect(() => {
    if (changes === seenChanges.current) return;
    seenChanges.current = changes;
    send({ type: 'qr.recheck' });
  }, [changes, send]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') send({ type: 'qr.recheck' });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [send]);

  const { context } = snapshot;
  const minimum = Math.max(1, rules.minimum);

  // The paid code's place goes to the news that the money arrived: focus it so it is read out.
  const receivedRef = useRef<HTMLDivElement>(null);
  const received = snapshot.matches('received') ? context.received : null;
  useEffect(() => {
    if (received) receivedRef.current?.focus();
  }, [received]);

  // A held payment takes the code's place the same way (issue 31).
  const heldRef = useRef<HTMLDivElement>(null);
  const held = snapshot.matches('held') ? context.held : null;
  useEffect(() => {
    if (held) heldRef.current?.focus();
  }, [held]);

  // A new code takes the place of the form (and of the button that had focus): bring it into view.
  const shownRef = useRef<HTMLDivElement>(null);
  const shownId = context.code ? `${context.code.qrcodeId}:${context.codeVersion}` : null;
  useEffect(() => {
    if (shownId) shownRef.current?.focus();
  }, [shownId]);

  if (snapshot.matches('reading')) {
    return (
      <p className="deposit-loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('qr.reading')}
      </p>
    );
  }

  if (received) {
    return (
      <div ref={receivedRef} tabIndex={-1} className="qr-received" role="status" data-testid="qr-received">
        <span className="qr-received__icon" aria-hidden="true">
          <CheckIcon size={30} />
        </span>
        <p className="qr-received__title">{t('qr.receivedTitle')}</p>
        <p className="qr-code__amount" data-testid="qr-received-amount">
          {formatAmount(received.amount)} <span className="qr-code__currency">{currency}</span>
        </p>
        <p>{t('qr.receivedAmount', { amount: formatAmount(received.amount), currency })}</p>
        <p className="qr-received__balance" data-testid="qr-received-balance">
          {t('qr.receivedBalance', { amount: formatAmount(received.balance), currency })}
        </p>
        <button type="button" className="btn btn--ghost btn--block" onClick={() => send({ type: 'qr.another' })} data-testid="qr-another">
          {t('qr.another')}
        </button>
      </div>
    );
  }

  if (held) {
    return (
      <div ref={heldRef} tabIndex={-1} className="qr-received qr-received--held" role="status" data-testid="qr-held" data-reason={held.reason}>
        <p className="qr-received__title">{t('qr.heldTitle')}</p>
        <p className="qr-code__amount" data-testid="qr-held-amount">
          {formatAmount(held.amount)} <span className="qr-code__currency">{currency}</span>
        </p>
        <p>{t('qr.heldBody', { amount: formatAmount(held.amount), currency })}</p>
        <p className="deposit-note deposit-note--warn" data-testid="qr-held-reason">{errorText(t, held.reason)}</p>
        <button type="button" className="btn btn--ghost btn--block" onClick={() => send({ type: 'qr.another' })} data-testid="qr-another">
          {t('qr.another')}
        </button>
      </div>
    );
  }

  if ((snapshot.matches('shown') || snapshot.matches('cancelling')) && context.code) {
    const code = context.code;
    const src = qrImageSource(code.qrcode);
    const cancelling = snapshot.matches('cancelling');
    const countdown = formatCountdown(qrRemainingMs(context));
    return (
      <div ref={shownRef} tabIndex={-1} className="qr-code" data-testid="qr-code" data-qrcode-id={code.qrcodeId} aria-label={label}>
        <p className="qr-code__amount">
          {formatAmount(code.amount)} <span className="qr-code__currency">{currency}</span>
        </p>
        <p className="qr-code__timer">
          <ClockIcon size={18} />
          <span id={ids.timer}>{t('qr.expiresIn')}</span>
          <span role="timer" aria-labelledby={ids.timer} className="qr-code__countdown" data-testid="qr-countdown">
            {countdown}
          </span>
        </p>
        <div className="qr-code__frame">
          {src ? (
            <img key={context.codeVersion} className="qr-code__image" src={src} alt={t('qr.image', { amount: formatAmount(code.amount), currency })} width={240} height={240} />
          ) : (
            <p className="qr-code__missing">{t('qr.noImage')}</p>
          )}
        </div>
        <p className="qr-code__scan">{t('qr.scan')}</p>
        {src && <QrKeep src={src} amount={code.amount} text={t('qr.image', { amount: formatAmount(code.amount), currency })} />}
        <p className="deposit-note deposit-note--gold">{t('qr.validOnce')}</p>
        <button type="button" className="btn btn--ghost btn--block" onClick={() => send({ type: 'qr.cancelled' })} disabled={cancelling} aria-busy={cancelling} data-testid="qr-cancel">
          {cancelling && <span className="spinner" aria-hidden="true" />}
          {cancelling ? t('qr.cancelling') : t('qr.cancel')}
        </button>
      </div>
    );
  }

  const creating = snapshot.matches('creating');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    send({ type: 'qr.requested' });
  };
  return (
    <form className="qr-form" onSubmit={submit} noValidate data-testid="qr-form">
      {snapshot.matches({ editing: 'expired' }) && (
        <p className="deposit-note deposit-note--warn" role="status">
          {t('qr.expired')}
        </p>
      )}
      {snapshot.matches({ editing: 'cancelled' }) && (
        <p className="deposit-note" role="status">
          {t('qr.cancelled')}
        </p>
      )}
      <fieldset className="qr-presets">
        <legend className="field__label">{t('qr.presets')}</legend>
        <div className="qr-presets__row">
          {rules.presets.map((amount) => (
            <button
              key={amount}
              type="button"
              className="qr-preset"
              aria-pressed={context.amount === String(amount)}
              disabled={creating}
              onClick={() => {
                send({ type: 'amount.preset', amount });
                setCut(false);
              }}
            >
              {amount.toLocaleString('en-US')}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={ids.amount} className="field__label">
          {t('qr.amount')}
        </label>
        <div className="field__control">
          <input
            id={ids.amount}
            name="amount"
            type="text"
            inputMode={decimals === 0 ? 'numeric' : 'decimal'}
            autoComplete="off"
            className="field__input"
            placeholder={decimals === 0 ? '0' : formatAmount(0)}
            value={context.amount}
            disabled={creating}
            aria-describedby={ids.hint}
            // Whole kip only for a kip member: a point or fractions are never typed.
            onChange={(event) => {
              send({ type: 'amount.changed', value: typableAmount(event.target.value, step ?? BAHT_STEP) });
              setCut(fractionCut(event.target.value, step ?? BAHT_STEP));
            }}
          />
          <span className="field__suffix">{currency}</span>
        </div>
        <p id={ids.hint} className="field__hint">
          {rules.maximum === undefined
            ? t('qr.minimum', { min: formatAmount(minimum), currency })
            : t('qr.bounds', { min: formatAmount(minimum), max: formatAmount(rules.maximum), currency })}
        </p>
        {qrAmountTooLarge(context.amount, rules.maximum, decimals) && (
          <p className="field__error" role="status" data-testid="qr-too-large">
            {t('qr.maximum', { max: formatAmount(rules.maximum), currency })}
          </p>
        )}
        {cut && (
          <p className="field__hint" role="status" data-testid="amount-whole-only">
            {t('errors.AMOUNT_STEP')}
          </p>
        )}
      </div>
      {refusal && (
        <div role="alert">
          <SaferPlayRefusal code={refusal.code} details={refusal.details} testId="qr-refusal" />
        </div>
      )}
      <button type="submit" className="btn btn--gold btn--block" disabled={!snapshot.can({ type: 'qr.requested' })} aria-busy={creating} data-testid="qr-create">
        {creating && <span className="spinner" aria-hidden="true" />}
        {creating ? t('qr.creating') : t('qr.create')}
      </button>
      <p className="deposit-note">{t('qr.validOnce')}</p>
    </form>
  );
}

/**
 * Save and share of the shown code (issue 27: a member on a phone cannot scan their own screen):
 * a download of the image as a PNG, and the system share sheet with the file where the browser
 * has the Web Share API for files, to hand the code to the banking app or keep it in the gallery.
 */
function QrKeep({ src, amount, text }: { src: string; amount: number; text: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  // The PNG once made; 'unmade' when the browser could not draw it (the image is then saved as served).
  const [png, setPng] = useState<{ file: File; url: string } | 'unmade' | null>(null);
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    qrPngBlob(src).then(
      (blob) => {
        if (!live) return;
        const file = new File([blob], qrFileName(amount), { type: 'image/png' });
        url = URL.createObjectURL(file);
        setPng({ file, url });
      },
      () => live && setPng('unmade'),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [src, amount]);

  if (png === null) return null;
  const file = png === 'unmade' ? null : png.file;
  const share = async () => {
    if (!file) return;
    const outcome = await shareFile(navigator, file, text);
    if (outcome === 'failed') toast.error(t('qr.shareFailed'));
  };

  return (
    <div className="qr-code__keep">
      <a className="btn btn--ghost" href={png === 'unmade' ? src : png.url} download={qrFileName(amount)} data-testid="qr-save">
        {t('qr.save')}
      </a>
      {file && canShareFile(navigator, file) && (
        <button type="button" className="btn btn--ghost" onClick={() => void share()} data-testid="qr-share">
          {t('qr.share')}
        </button>
      )}
    </div>
  );
}
