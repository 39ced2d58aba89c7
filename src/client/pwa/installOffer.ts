import type { InstallView } from './installPrompt';

/**
 * What the install card offers: the browser's own dialog ('prompt'), the iPhone and iPad way
 * ('ios': Safari has no install event; Share, then Add to Home Screen), or nothing (installed,
 * running as the app, or a browser that offers no way).
 */
export type InstallOffer = 'prompt' | 'ios' | 'none';

type Device = Pick<Navigator, 'userAgent' | 'maxTouchPoints'> & { standalone?: boolean };

/** iPhone, iPod, or an iPad (which since iPadOS 13 calls itself a Mac, with a touch screen). */
export const isAppleMobile = ({ userAgent, maxTouchPoints }: Device): boolean =>
  /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);

export const installOffer = (view: InstallView, device: Device): InstallOffer => {
  if (view.installed || device.standalone === true) return 'none';
  if (view.canPrompt) return 'prompt';
  return isAppleMobile(device) ? 'ios' : 'none';
};
