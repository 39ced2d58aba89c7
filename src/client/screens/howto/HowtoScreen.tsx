import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { PlayIcon } from '../../ui/icons';
import { currentLocale } from '../../i18n';
import { htmlLang } from '../../i18n/locale';
import { captionsTrackUrl } from './captions';
import { HOWTO_VIDEOS, videoPoster, videoSources, type HowtoVideo } from './videos';
import '../pages.css';
import './howto.css';

/** /howto: five tutorial videos, each played in a modal. */
export function HowtoScreen() {
  const { t, i18n } = useTranslation();
  const language = htmlLang(currentLocale(i18n.language));
  const [playing, setPlaying] = useState<HowtoVideo | null>(null);
  const total = HOWTO_VIDEOS.length;

  return (
    <section className="page howto" aria-labelledby="howto-title">
      <h1 id="howto-title" className="page__title howto__title">
        {t('howto.title')}
      </h1>
      <p className="howto__subtitle">{t('howto.subtitle')}</p>
      <ul className="howto__list">
        {HOWTO_VIDEOS.map((video, index) => {
          const title = t(`howto.topics.${video.topic}`);
          return (
            <li key={video.topic}>
              {/* Named by its visible text (axe: label-content-name-mismatch), "Play video" first. */}
              <button type="button" className="howto__item panel" data-testid={`howto-${video.topic}`} onClick={() => setPlaying(video)}>
                <span className="visually-hidden">{t('howto.playShort')}: </span>
                <span className="howto__thumb">
                  <img src={videoPoster(video)} alt="" loading="lazy" />
                  <span className="howto__play" aria-hidden="true">
                    <PlayIcon size={22} />
                  </span>
                </span>
                <span className="howto__text">
                  <span className="howto__count">{t('howto.count', { index: index + 1, total })}</span>
                  <span className="howto__name">{title}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>

      <Dialog open={playing !== null} onClose={() => setPlaying(null)} title={playing ? t(`howto.topics.${playing.topic}`) : ''}>
        {playing && (
          // key: a new topic starts a new element, so the browser loads the new sources.
          <video key={playing.topic} className="howto__video" controls autoPlay playsInline poster={videoPoster(playing)}>
            {videoSources(playing).map((source) => (
              <source key={source.src} src={source.src} type={source.type} />
            ))}
            {/* key: a new language replaces the track, so the browser loads its cues. */}
            <track
              key={language}
              kind="captions"
              srcLang={language}
              label={t('howto.captions.label')}
              src={captionsTrackUrl(t(`howto.captions.${playing.topic}`))}
              default
            />
            {t('howto.unsupported')}
          </video>
        )}
      </Dialog>
    </section>
  );
}
