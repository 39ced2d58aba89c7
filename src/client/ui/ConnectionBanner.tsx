import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { connectionStore } from '../api/connectionStore';
import './connectionBanner.css';

/**
 * Issue 32: a strip under the shell's header while the network is down (the browser is offline,
 * or calls get no answer and the server is being asked again), or while a live socket connects
 * again. It sits in the sticky header, so it stays in view without covering the page, the bottom
 * menu or a button. The live region is always there, so a screen reader hears each change.
 * Only the offline words are in the start of the strings (i18n/sections.ts; the login page's budget
 * is tight): calls that got no answer say so in the words of their error (errors.NETWORK_ERROR),
 * and a socket connecting again in `live.*`, both shown only after the rest of the strings came.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const { state, reconnecting } = useSyncExternalStore(connectionStore.subscribe, connectionStore.view, connectionStore.view);
  const shown = state !== 'online' ? state : reconnecting ? 'reconnecting' : null;
  return (
    <div className="connection-banner" role="status">
      {shown && (
        <p className={`connection-banner__text connection-banner__text--${shown}`}>
          {shown === 'reconnecting' && <span className="spinner" aria-hidden="true" />}
          {shown === 'offline' ? t('connection.offline') : shown === 'unreachable' ? t('errors.NETWORK_ERROR') : t('live.reconnecting')}
        </p>
      )}
    </div>
  );
}
