import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../format/date';
import { changes, isInstant, isLong, looksLikeHtml, shorten, type Change, type Leaf } from './changes';
import './diff.css';

export interface ChangeDiffProps {
  /** The value before the change (any JSON: an audit line's before, a configuration item's current value); null or undefined for none. */
  before: unknown;
  /** The value after it (a proposed value); null or undefined for none. */
  after: unknown;
  /** Shown when nothing differs; the translated "No change" when not given. */
  emptyText?: string;
  /** A field's name in words for a path (`qr.KBANK.maximum` → "Largest QR"), shown above the path; null when the page has none. */
  label?: (path: string) => string | null;
  className?: string;
}

/**
 * What changed between two JSON values, for a person: one row per changed value with its path,
 * old → new (nested records and lists as paths, a text per language marked with its language,
 * times as local DD/MM/YYYY HH:mm:ss, long text and html shortened with a button to see all of it, html shown as its source, never
 * rendered). Used by the audit page and the approvals of configuration changes.
 */
export function ChangeDiff({ before, after, emptyText, label, className }: ChangeDiffProps) {
  const { t } = useTranslation();
  const rows = useMemo(() => changes(before, after), [before, after]);
  if (rows.length === 0) return <p className={`change-diff__none ${className ?? ''}`.trim()} data-testid="change-diff-none">{emptyText ?? t('admin.diff.noChange')}</p>;
  return (
    <ul className={`change-diff ${className ?? ''}`.trim()} data-testid="change-diff">
      {rows.map((row) => <ChangeRow key={`${row.path}|${row.language ?? ''}`} change={row} label={row.path ? label?.(row.path) ?? null : null} />)}
    </ul>
  );
}

function ChangeRow({ change, label }: { change: Change; label: string | null }) {
  const { t } = useTranslation();
  return (
    <li className={`change-diff__row change-diff__row--${change.kind}`} data-testid="change" data-path={change.path} data-language={change.language}>
      <span className="change-diff__path">
        {label && <span className="change-diff__label">{label}</span>}
        <code>{change.path || t('admin.diff.value')}</code>
        {change.language && <span className="change-diff__lang" title={t(`languages.${change.language}`)}>{change.language.toUpperCase()}</span>}
        {change.kind !== 'changed' && <span className="change-diff__kind">{t(`admin.diff.${change.kind}`)}</span>}
      </span>
      <span className="change-diff__values">
        {change.kind !== 'added' && <span className="change-diff__old"><span className="visually-hidden">{t('admin.diff.before')} </span><Value value={change.before} /></span>}
        {change.kind === 'changed' && <span className="change-diff__arrow" aria-hidden="true">→</span>}
        {change.kind !== 'removed' && <span className="change-diff__new"><span className="visually-hidden">{t('admin.diff.after')} </span><Value value={change.after} /></span>}
      </span>
    </li>
  );
}

function Value({ value }: { value: Leaf }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return <em className="change-diff__empty">{t('admin.diff.empty')}</em>;
  if (value === '') return <em className="change-diff__empty">{t('admin.diff.emptyText')}</em>;
  if (typeof value === 'boolean') return <span>{value ? t('admin.diff.yes') : t('admin.diff.no')}</span>;
  if (typeof value === 'number') return <span className="change-diff__number">{String(value)}</span>;
  if (isInstant(value)) return <time dateTime={value} title={value}>{formatDateTime(value)}</time>;
  if (isLong(value)) return <LongText text={value} />;
  return looksLikeHtml(value) ? <code className="change-diff__text">{value}</code> : <span className="change-diff__text">{value}</span>;
}

/** A long text or html: its start on one line, and a button that shows all of it (as source). */
function LongText({ text }: { text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <span className="change-diff__long">
      {open ? <pre className="change-diff__full">{text}</pre> : <span className="change-diff__text">{shorten(text)}</span>}
      <button type="button" className="change-diff__more" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('admin.diff.showLess') : t('admin.diff.showAll', { length: text.length })}
      </button>
    </span>
  );
}
