import { useTranslation } from 'react-i18next';
import { adminService, adminSetService } from '../../../contract';
import { adminCall } from '../api';
import { LoadState, PageHead } from '../parts';
import { useOperator } from '../session';
import { useAction } from '../../ui/useAction';
import { useLoad } from '../useLoad';

/** The member service switch: off sends every member page to /terminated. */
export function ServicePage() {
  const { t } = useTranslation();
  const { can } = useOperator();
  const { data, error, reload } = useLoad(() => adminCall(adminService), []);
  const { busy, run } = useAction();
  return (
    <section className="admin-page" aria-labelledby="service-title">
      <PageHead id="service-title" title={t('admin.nav.service')} />
      <LoadState error={error} loading={!data} empty={false} />
      {data && (
        <div className="admin-card panel">
          <p className="admin-service" data-testid="service-state" data-active={data.active}>
            <span className={`admin-badge admin-badge--${data.active ? 'active' : 'locked'}`}>{data.active ? t('admin.service.on') : t('admin.service.off')}</span>
            {t('admin.service.help')}
          </p>
          {can('service.switch') && (
            <button type="button" className="btn btn--gold" disabled={busy}
              onClick={() => run(() => adminCall(adminSetService, { body: { active: !data.active } }), data.active ? t('admin.service.turnedOff') : t('admin.service.turnedOn'), reload)}>
              {data.active ? t('admin.service.turnOff') : t('admin.service.turnOn')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
