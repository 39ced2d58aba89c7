import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, endpoints } from '../../api';
import type { ResponseOf } from '../../../contract';
import { Dialog } from '../../ui/Dialog';
import { PlayIcon } from '../../ui/icons';
import { currentLocale } from '../../i18n';
import { HOWTO_VIDEOS, captionTracks, videoPoster, videoSources, type HowtoVideo } from './videos';
import '../pages.css';
import './howto.css';

type OperatorTexts = ResponseOf<typeof endpoints.lookupHowto>;

/**
 * The operator's texts of the page in the member's language (GET /api/lookup/howto, written in
 * the console); until they arrive, or where the operator wrote none, the page's own (locales).
 */
function useOperatorTexts(language: string): OperatorTexts | null {
  const [texts, setTexts] = useState<{ language: string; texts: OperatorTexts } | null>(null);
  useEffect(() => {
    let live = true;
    call(endpoints.lookupHowto)
      .then((answer) => live && setTexts({ language, texts: answer }))
      // The page's own texts stay: nothing a member needs is missing without the operator's.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [language]);
  return texts?.language === language ? texts.texts : null;
}

/** /howto: five tutorial videos recorded in the member's language, each played in a modal with captions in th, la and en. */
export function HowtoScreen() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n.language);
  const [playing, setPlaying] = useState<HowtoVideo | null>(null);
  const total = HOWTO_VIDEOS.length;
  const operator = useOperatorTexts(i18n.language);
  const topicTitle = (video: HowtoVideo) => operator?.topics[video.topic].title ?? t(`howto.topics.${video.topic}`);

  return (
    <section className="page howto" aria-labelledby="howto-title">
      <h1 id="howto-title" className="page__title howto__title">
        {operator?.title ?? t('howto.title')}
      </h1>
      <p className="howto__subtitle">{operator?.subtitle ?? t('howto.subtitle')}</p>
      <ul className="howto__list">
        {HOWTO_VIDEOS.map((video, index) => {
          const title = topicTitle(video);
          return (
            <li key={video.topic}>
              {/* Named by its visible text (axe: label-content-name-mismatch), "Play video" first. */}
              <button type="button" className="howto__item panel" data-testid={`howto-${video.topic}`} onClick={() => setPlaying(video)}>
                <span className="visually-hidden">{t('howto.playShort')}: </span>
                <span className="howto__thumb">
                  <img src={videoPoster(video, locale)} alt="" loading="lazy" />
                  <span className="howto__play" aria-hidden="true">
                    <PlayIcon size={22} />
                  </span>
                </span>
                <span className="howto__text">
                  <span className="howto__count">{t('howto.count', { index: index + 1, total })}</span>
                  <span className="howto__name">{title}</span>
                  <span className="howto__summary">{operator?.topics[video.topic].summary ?? t(`howto.summaries.${video.topic}`)}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>

      <Dialog open={playing !== null} onClose={() => setPlaying(null)} title={playing ? topicTitle(playing) : ''}>
        {playing && (
          // key: another topic or language is another clip, so the browser loads its sources and tracks anew.
          <video key={`${playing.topic}-${locale}`} className="howto__video" controls autoPlay playsInline poster={videoPoster(playing, locale)}>
            {videoSources(playing, locale).map((source) => (
              <source key={source.src} src={source.src} type={source.type} />
            ))}
            {captionTracks(playing, locale).map((track) => (
              <track
                key={track.src}
                kind="captions"
                srcLang={track.srcLang}
                label={t(`languages.${track.locale}`)}
                src={track.src}
                default={track.isDefault}
              />
            ))}
            {t('howto.unsupported')}
          </video>
        )}
      </Dialog>
    </section>
  );
}
