import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE } from '../../contract';
import { errorText } from '../api/errors';
import { formatAmount, formatDateTime } from '../format';

/** Small pieces every console page shares. */

export function PageHead({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="admin-page__head">
      <h1 id={id}>{title}</h1>
      {children}
    </div>
  );
}

export function StatusTabs<S extends string>({ value, options, label, onChange }: { value: S; options: readonly S[]; label: (s: S) => string; onChange: (s: S) => void }) {
  return (
    <div className="admin-tabs" role="group">
      {options.map((o) => (
        <button key={o} type="button" className="admin-tabs__tab" aria-pressed={o === value} onClick={() => onChange(o)}>{label(o)}</button>
      ))}
    </div>
  );
}

export function Pager({ page, total, onPage, pageSize = ADMIN_PAGE_SIZE }: { page: number; total: number; onPage: (p: number) => void; pageSize?: number }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <div className="admin-pager">
      <button type="button" className="btn btn--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('admin.previous')}</button>
      <span>{t('admin.pageOf', { page, pages })}</span>
      <button type="button" className="btn btn--ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>{t('admin.next')}</button>
    </div>
  );
}

export function LoadState({ error, empty, loading }: { error: string | null; empty: boolean; loading: boolean }) {
  const { t } = useTranslation();
  // `error` is the refusal's code (useLoad): shown in words, as every error is.
  if (error) return <p className="admin-note admin-note--error" role="alert">{errorText(t, error)}</p>;
  if (loading) return <p className="admin-note" role="status">{t('app.loading')}</p>;
  if (empty) return <p className="admin-note">{t('admin.empty')}</p>;
  return null;
}

export const Money = ({ value }: { value: number | null }) => <span className="admin-money">{formatAmount(value)}</span>;
export const When = ({ value }: { value: string | null }) => <time dateTime={value ?? undefined}>{value ? formatDateTime(value) : '-'}</time>;

/** A field row of an item card: label and value. */
export const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="admin-fact"><dt>{label}</dt><dd>{children}</dd></div>
);

/** A button that opens a reason field before it acts (lock a member, dismiss an arrival). */
export function ReasonAction({ label, confirmLabel, disabled, onConfirm }: { label: string; confirmLabel: string; disabled?: boolean; onConfirm: (reason: string) => void }) {
  const [open, setOpen] = useState(false);
  if (!open) return <button type="button" className="btn btn--ghost" disabled={disabled} onClick={() => setOpen(true)}>{label}</button>;
  return <ReasonForm confirmLabel={confirmLabel} disabled={disabled} onConfirm={(reason) => { onConfirm(reason); setOpen(false); }} onCancel={() => setOpen(false)} />;
}

/** The reason field itself, for a page whose machine says when it is open (reject a withdrawal). */
export function ReasonForm({ confirmLabel, disabled, onConfirm, onCancel }: { confirmLabel: string; disabled?: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <form className="admin-reason" onSubmit={(e) => { e.preventDefault(); if (reason.trim()) onConfirm(reason.trim()); }}>
      <label htmlFor={id} className="field__label">{t('admin.reason')}</label>
      <div className="field__control"><input id={id} className="field__input" value={reason} maxLength={500} autoFocus onChange={(e) => setReason(e.target.value)} /></div>
      <div className="admin-actions">
        <button type="submit" className="btn btn--gold" disabled={disabled || !reason.trim()}>{confirmLabel}</button>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>{t('admin.cancel')}</button>
      </div>
    </form>
  );
}

/**
 * A decision's refusal, kept beside its item after the toast has gone (ALREADY_DECIDED,
 * OWN_PROPOSAL), and a retry when nobody knows whether it went through (no answer, a timeout).
 */
export function DecisionFailure({ code, canRetry, onRetry }: { code: string; canRetry: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="admin-actions">
      <p className="admin-note admin-note--error">{errorText(t, code)}</p>
      {canRetry && <button type="button" className="btn btn--ghost" onClick={onRetry}>{t('common.retry')}</button>}
    </div>
  );
}
