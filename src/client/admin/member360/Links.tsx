import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResponseOf, adminMemberOverview } from '../../../contract';
import { When } from '../parts';

type Overview = ResponseOf<typeof adminMemberOverview>;

/** Linked members, each a link to their page, with every reason and the shared value (masked). */
export function LinksCard({ links }: { links: Overview['links'] }) {
  const { t } = useTranslation();
  return (
    <div className="admin-card panel" data-testid="m360-links">
      <h2>{t('admin.member360.links', { count: links.length })}</h2>
      {links.length === 0 ? <p className="admin-note">{t('admin.member360.noLinks')}</p> : (
        <ul className="m360-links">
          {links.map((l) => (
            <li key={l.memberId}>
              <Link to={`/admin/members/${l.memberId}`} className="m360-link" data-testid="m360-linked-member">
                <span className="m360-link__who">
                  <strong>{l.name}</strong>
                  <span className="admin-note">#{l.memberId} · {l.username}{l.status === 'locked' ? ` · ${t('admin.members.status.locked')}` : ''}</span>
                </span>
                <span className="m360-chips">
                  {l.reasons.map((r) => (
                    <span key={`${r.kind}:${r.value ?? ''}`} className={`m360-chip m360-chip--${r.kind}`}>
                      {t(`admin.member360.linkKind.${r.kind}`)}{r.value ? ` ${r.value}` : ''}
                    </span>
                  ))}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="admin-note m360-how">{t('admin.member360.linksHow')}</p>
    </div>
  );
}

/** The member's last logins: when, from which address and device, with which browser. */
export function LoginsCard({ logins }: { logins: Overview['logins'] }) {
  const { t } = useTranslation();
  return (
    <div className="admin-card panel" data-testid="m360-logins">
      <h2>{t('admin.member360.logins')}</h2>
      {logins.length === 0 ? <p className="admin-note">{t('admin.member360.noLogins')}</p> : (
        <ul className="m360-logins">
          {logins.map((l, i) => (
            <li key={`${l.at}:${i}`}>
              <When value={l.at} />
              <span>{l.ip ?? '-'}</span>
              <span className="m360-device" title={l.deviceId ?? undefined}>{t('admin.member360.device')} {l.deviceId ? l.deviceId.slice(0, 8) : '-'}</span>
              <span className="admin-ua m360-ua" title={l.userAgent ?? undefined}>{l.userAgent ?? '-'}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
