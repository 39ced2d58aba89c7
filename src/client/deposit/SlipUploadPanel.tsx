import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SLIP_TYPES } from '../../../machines/slipUploadMachine';
import { SLIP_MAX_BYTES, type ResponseOf, type endpoints } from '../../contract';
import { SLIP_SIGNATURE_BYTES } from '../../contract/slipFile';
import { errorText } from '../api';
import { formatAmount } from '../format';
import { SlipUploadIcon } from './depositIcons';
import { slipDuration, slipOutcome, slipReasonText } from './slipStatus';
import type { DepositActions } from './useDepositActions';

export type SlipRules = ResponseOf<typeof endpoints.lookupSlip>;

/** The chosen file's preview, read as a data URL (an object URL would need revoking at the right time). */
function usePreview(file: Blob | null): string | null {
  const [preview, setPreview] = useState<{ file: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return file && preview?.file === file ? preview.url : null;
}

/** The picked file with its first bytes, which tell the machine whether it is a picture at all. */
const readPicked = async (file: File) => ({
  file,
  fileName: file.name,
  head: new Uint8Array(await file.slice(0, SLIP_SIGNATURE_BYTES).arrayBuffer()),
});

/**
 * Slip upload (SPEC sections 2, 4, 7): a PNG or JPEG picked from the phone (told by its bytes,
 * as the server tells it; anything else is refused here with the reason beside the picker), sent as multipart
 * with a progress bar (machines/slipUploadMachine), then the slip's outcome: credited, failed with
 * its reason, or still being checked. The daily closed window of GET /api/lookup/slip is shown,
 * and inside it nothing is sent.
 */
export function SlipUploadPanel({ actions, rules, currency }: { actions: Pick<DepositActions, 'slip' | 'sendSlip'>; rules: SlipRules | null; currency: string }) {
  const { t } = useTranslation();
  const { slip: snapshot, sendSlip: send } = actions;
  const input = useRef<HTMLInputElement>(null);
  const ids = { progress: useId(), types: useId(), refused: useId() };
  const { chosen, progress, slip, refused } = snapshot.context;
  const preview = usePreview(chosen?.file ?? null);
  // A file with a picture's first bytes may still not decode: then the icon stays, not a broken image.
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const shownPreview = preview !== null && preview !== unreadable ? preview : null;
  const uploading = snapshot.matches('uploading');
  const closed = rules !== null && !rules.isOpen;
  const percent = Math.round(progress * 100);

  return (
    <div className="slip-upload" data-testid="slip-upload">
      <ul className="deposit-notes">
        {rules && <li>{t('slip.within', { duration: slipDuration(t, rules.uploadWithinMinutes) })}</li>}
        {rules?.closedFrom && rules.closedTo && <li>{t('slip.closedWindow', { from: rules.closedFrom, to: rules.closedTo })}</li>}
      </ul>
      {closed && (
        <p className="deposit-note deposit-note--warn" role="status" data-testid="slip-closed">
          {t('slip.closedNow')}
        </p>
      )}

      <input
        ref={input}
        type="file"
        accept={SLIP_TYPES.join(',')}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="slip-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void readPicked(file).then((picked) => send({ type: 'slip.chosen', ...picked }), () => send({ type: 'slip.chosen', file, fileName: file.name, head: new Uint8Array() }));
          // The same file may be picked again later: that is a new upload.
          event.target.value = '';
        }}
      />

      <div className="slip-upload__picker">
        <div className="slip-upload__preview" aria-hidden={!shownPreview}>
          {shownPreview ? (
            <img src={shownPreview} alt={t('slip.previewAlt', { name: chosen?.fileName ?? '' })} onError={() => setUnreadable(shownPreview)} />
          ) : (
            <SlipUploadIcon size={36} />
          )}
        </div>
        <div className="slip-upload__choice">
          <p className="slip-upload__file" data-testid="slip-file-name">
            {chosen ? chosen.fileName : t('slip.noFile')}
          </p>
          <p id={ids.types} className="field__hint">
            {t('slip.types', { size: Math.floor(SLIP_MAX_BYTES / (1024 * 1024)) })}
          </p>
          {refused && (
            <p id={ids.refused} className="field__error slip-upload__refused" role="alert" data-testid="slip-refused">
              {errorText(t, refused)}
            </p>
          )}
          <button
            type="button"
            className="btn btn--ghost slip-upload__choose"
            onClick={() => input.current?.click()}
            disabled={uploading || closed}
            aria-describedby={refused ? `${ids.types} ${ids.refused}` : ids.types}
          >
            {chosen ? t('slip.change') : t('slip.choose')}
          </button>
        </div>
      </div>

      {uploading && (
        <div className="slip-upload__progress">
          <label htmlFor={ids.progress}>{t('slip.uploading', { percent })}</label>
          <progress id={ids.progress} max={100} value={percent} data-testid="slip-progress" />
        </div>
      )}

      {snapshot.matches('done') && slip && <SlipOutcome slip={slip} currency={currency} />}

      <button
        type="button"
        className="btn btn--gold btn--block"
        disabled={closed || !snapshot.can({ type: 'slip.submitted' })}
        aria-busy={uploading}
        onClick={() => send({ type: 'slip.submitted' })}
        data-testid="slip-submit"
      >
        {uploading && <span className="spinner" aria-hidden="true" />}
        {snapshot.matches('failed') ? t('common.retry') : t('slip.upload')}
      </button>
    </div>
  );
}

function SlipOutcome({ slip, currency }: { slip: { status: string; note: string | null; amount: number | null }; currency: string }) {
  const { t } = useTranslation();
  const outcome = slipOutcome(slip.status);
  const text =
    outcome === 'success'
      ? t('slip.result.success', { amount: formatAmount(slip.amount), currency })
      : outcome === 'failed'
        ? t('slip.result.failed', { reason: slipReasonText(t, slip.note) })
        : t('slip.result.pending');
  return (
    <p className={`slip-outcome slip-outcome--${outcome}`} role="status" data-testid="slip-result" data-status={slip.status}>
      {text}
    </p>
  );
}
