import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCreateOperator, adminOperators, OPERATOR_ROLES, type OperatorRole } from '../../../contract';
import { adminCall } from '../api';
import { LoadState, PageHead, When } from '../parts';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../useLoad';
import { SignInBursts } from './SignInBursts';

/**
 * Operators and their roles; an admin creates new ones (they enrol an authenticator at their
 * first login), and sees the bursts of failed sign-ins first.
 */
export function OperatorsPage() {
  const { t } = useTranslation();
  const { data, error, reload } = useLoad(() => adminCall(adminOperators), []);
  const ids = { username: useId(), name: useId(), role: useId(), password: useId() };
  const [form, setForm] = useState({ username: '', name: '', role: 'support' as OperatorRole, password: '' });
  const { busy, run } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.username || !form.name || !form.password) return;
    void run(() => adminCall(adminCreateOperator, { body: form }), t('admin.operators.created'), () => { setForm({ ...form, username: '', name: '', password: '' }); reload(); });
  };
  const input = (key: 'username' | 'name' | 'password', id: string) => (
    <div className="field">
      <label className="field__label" htmlFor={id}>{t(`admin.operators.${key}`)}</label>
      <div className="field__control">
        <input id={id} className="field__input" type={key === 'password' ? 'password' : 'text'} autoComplete={key === 'password' ? 'new-password' : 'off'}
          value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
      </div>
    </div>
  );
  return (
    <section className="admin-page" aria-labelledby="operators-title">
      <PageHead id="operators-title" title={t('admin.nav.operators')} />
      <SignInBursts />
      <form className="admin-card panel admin-form" onSubmit={submit} aria-label={t('admin.operators.create')}>
        <h2>{t('admin.operators.create')}</h2>
        <div className="admin-form__grid">
          {input('username', ids.username)}
          {input('name', ids.name)}
          <div className="field">
            <label className="field__label" htmlFor={ids.role}>{t('admin.operators.role')}</label>
            <select id={ids.role} className="admin-select" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as OperatorRole })}>
              {OPERATOR_ROLES.map((r) => <option key={r} value={r}>{t(`admin.roles.${r}`)}</option>)}
            </select>
          </div>
          {input('password', ids.password)}
        </div>
        <p className="admin-note">{t('admin.operators.passwordRule')}</p>
        <button type="submit" className="btn btn--gold" disabled={busy}>{t('admin.operators.submit')}</button>
      </form>
      <LoadState error={error} loading={!data} empty={data?.items.length === 0} />
      <ul className="admin-list">
        {data?.items.map((o) => (
          <li key={o.id} className="admin-card panel">
            <div className="admin-card__top"><strong>{o.name}</strong><span>{t(`admin.roles.${o.role}`)}</span></div>
            <p className="admin-member-link__meta">{o.username} · {o.twoFactor ? t('admin.operators.twoFactorOn') : t('admin.operators.twoFactorOff')} · <When value={o.createdAt} /></p>
          </li>
        ))}
      </ul>
    </section>
  );
}
