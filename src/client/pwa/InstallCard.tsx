import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { readLocal, writeLocal } from '../auth/storage';
import { BrandMark, CloseIcon, Svg, type IconProps } from '../ui/icons';
import { installPrompt } from './installPrompt';
import { installOffer } from './installOffer';
import '../ui/dialog.css';
import './pwa.css';

/** The home's card, once put away, stays away on this device (the profile's stays). */
export const INSTALL_DISMISSED_KEY = 'installCardDismissed';

/** iOS's share glyph, drawn our way: a box with an arrow out of its top. */
const ShareIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 15V3.5" />
    <path d="M8 7l4-4 4 4" />
    <path d="M8.5 10H6.5a1.5 1.5 0 0 0-1.5 1.5v8A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5v-8a1.5 1.5 0 0 0-1.5-1.5h-2" />
  </Svg>
);

/**
 * "Install the app" (issue 32): in the member's area, on the profile and, put away with one tap,
 * on the home. Where the browser offers to install (Chrome, Edge, Samsung Internet on Android)
 * the button opens its dialog; on an iPhone or iPad, which has no such offer, it says how: Share,
 * then Add to Home Screen. Nothing once the app is installed or runs as the installed app.
 */
export function InstallCard({ dismissible = false }: { dismissible?: boolean }) {
  const { t } = useTranslation();
  const view = useSyncExternalStore(installPrompt.subscribe, installPrompt.view, installPrompt.view);
  const [dismissed, setDismissed] = useState(() => dismissible && readLocal(INSTALL_DISMISSED_KEY) === '1');
  const offer = installOffer(view, navigator);
  const appTitle = t('pwa.shortName').replaceAll('\u2060', '');
  useEffect(() => {
    // iOS names the home screen's icon from this when the member adds it: the member's language.
    if (offer === 'ios') document.querySelector('meta[name="apple-mobile-web-app-title"]')?.setAttribute('content', appTitle);
  }, [offer, appTitle]);
  if (offer === 'none' || dismissed) return null;

  const dismiss = () => {
    writeLocal(INSTALL_DISMISSED_KEY, '1');
    setDismissed(true);
  };
  const titleId = dismissible ? 'install-card-title-home' : 'install-card-title';

  return (
    <section className="install-card panel" aria-labelledby={titleId} data-testid={offer === 'prompt' ? 'install-card' : 'install-hint-ios'}>
      <BrandMark size={44} />
      <div className="install-card__body">
        <h2 id={titleId} className="install-card__title">
          {offer === 'prompt' ? t('pwa.installTitle') : t('pwa.iosTitle')}
        </h2>
        {offer === 'prompt' ? (
          <>
            <p className="install-card__text">{t('pwa.installText')}</p>
            <button type="button" className="btn btn--gold install-card__button" onClick={() => void installPrompt.prompt()}>
              {t('pwa.install')}
            </button>
          </>
        ) : (
          <p className="install-card__text install-card__ios">
            <span className="install-card__share" aria-hidden="true">
              <ShareIcon size={20} />
            </span>
            <span>{t('pwa.iosHint')}</span>
          </p>
        )}
      </div>
      {dismissible && (
        <button type="button" className="dialog__close install-card__close" aria-label={t('pwa.dismiss')} title={t('pwa.dismiss')} onClick={dismiss}>
          <CloseIcon size={18} />
        </button>
      )}
    </section>
  );
}
