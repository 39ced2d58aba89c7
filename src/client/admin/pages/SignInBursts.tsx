import { useTranslation } from 'react-i18next';
import { adminSignInFailures } from '../../../contract';
import { errorText } from '../../api/errors';
import { adminCall } from '../api';
import { When } from '../parts';
import { useLoad } from '../useLoad';

/**
 * Failed sign-ins refuse only the address they come from, so a stranger trying a username from
 * many addresses locks nobody out: this notice is where admins see it happening.
 */
export function SignInBursts() {
  const { t } = useTranslation();
  const { data, error } = useLoad(() => adminCall(adminSignInFailures), []);
  if (error) return <p className="admin-note admin-note--error" role="alert">{errorText(t, error)}</p>;
  if (!data || data.items.length === 0) return null;
  return (
    <section className="admin-card panel admin-bursts" aria-labelledby="sign-in-bursts-title">
      <h2 id="sign-in-bursts-title">{t('admin.operators.bursts.title')}</h2>
      <ul className="admin-bursts__list">
        {data.items.map((b) => (
          <li key={b.username}>
            {t('admin.operators.bursts.line', { failures: b.failures, username: b.username, count: b.addresses, minutes: data.windowMinutes })}
            {' · '}{t('admin.operators.bursts.last')} <When value={b.lastAt} />
          </li>
        ))}
      </ul>
      <p className="admin-note">{t('admin.operators.bursts.help')}</p>
    </section>
  );
}
