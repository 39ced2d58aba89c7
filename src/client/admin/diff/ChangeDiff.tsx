import { useTranslation } from 'react-i18next';
import { fieldChanges } from './changes';

const LONG = 160;

function Shown({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === undefined || value === null || value === '') return <em className="diff__none">{t('admin.diff.none')}</em>;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text.length <= LONG) return <span>{text}</span>;
  return (
    <details className="diff__long">
      <summary>{text.slice(0, LONG)}…</summary>
      <span>{text}</span>
    </details>
  );
}

/**
 * A change as the fields it changed: path, old value and new value (long texts folded). `label`
 * names a field in words where the page knows it (the path stays beside it).
 */
export function ChangeDiff({ before, after, label }: { before: unknown; after: unknown; label?: (path: string) => string | null }) {
  const { t } = useTranslation();
  const changes = fieldChanges(before, after);
  if (changes.length === 0) return <p className="admin-note">{t('admin.diff.nothing')}</p>;
  return (
    <table className="diff" data-testid="change-diff">
      <thead><tr><th scope="col">{t('admin.diff.field')}</th><th scope="col">{t('admin.diff.before')}</th><th scope="col">{t('admin.diff.after')}</th></tr></thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.path}>
            <th scope="row">{label?.(c.path) && <span className="diff__label">{label(c.path)}</span>} <code>{c.path}</code></th>
            <td className="diff__before"><Shown value={c.before} /></td>
            <td className="diff__after"><Shown value={c.after} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
