import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { connectivity, type ConnectionView } from '../api/connectivity';
import { NoSignalIcon, ReconnectIcon } from './icons';
import './connectionBanner.css';

const ONLINE: ConnectionView = { state: 'online', reconnecting: false };

/**
 * Issue 32: a strip under the shell's header while the network is down (the browser is offline,
 * or calls get no answer and the server is being asked again), or while a live socket connects
 * again. It sits in the sticky header, so it stays in view without covering the page, the bottom
 * menu or a button. The live region is always there, so a screen reader hears each change.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const view = useSyncExternalStore(connectivity.subscribe, connectivity.view, () => ONLINE);
  const text =
    view.state === 'offline'
      ? t('connection.offline')
      : view.state === 'unreachable'
        ? t('connection.unreachable')
        : view.reconnecting
          ? t('connection.reconnecting')
          : null;
  const down = view.state !== 'online';
  const Icon = down ? NoSignalIcon : ReconnectIcon;
  return (
    <div className="connection-banner" role="status" data-testid="connection-banner" data-state={text ? (down ? view.state : 'reconnecting') : 'online'}>
      {text && (
        <p className={`connection-banner__text connection-banner__text--${down ? 'down' : 'reconnecting'}`}>
          <Icon size={18} />
          <span>{text}</span>
        </p>
      )}
    </div>
  );
}
