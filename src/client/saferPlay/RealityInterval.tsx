import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SAFER_PLAY } from '../../contract/saferPlay';
import { call, endpoints } from '../api';
import { Segmented } from '../ui/Segmented';
import { useAction } from '../ui/useAction';
import { useRealityCheck } from './realityCheckContext';

/** The reality check's interval (issue 31): one of the contract's choices, saved as it is picked. */
export function RealityInterval({ minutes, onChanged }: { minutes: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const ids = { title: useId() };
  const { busy, run } = useAction();
  const reality = useRealityCheck();

  const choose = (intervalMinutes: number) =>
    run(
      async () => {
        const check = await call(endpoints.saferPlayRealityCheckInterval, { body: { intervalMinutes } });
        // The wallet's reality check takes the new interval at once.
        reality?.answered(check);
        return check;
      },
      t('saferPlay.reality.interval.saved', { minutes: intervalMinutes }),
      onChanged,
    );

  return (
    <section className="pause-card panel" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="limit-card__title">
        {t('saferPlay.reality.interval.title')}
      </h2>
      <p className="limit-card__hint">{t('saferPlay.reality.interval.lead')}</p>
      <Segmented
        legend={t('saferPlay.reality.interval.title')}
        legendHidden
        name="realityCheckMinutes"
        options={SAFER_PLAY.realityCheckMinutes.map((choice) => ({
          value: choice,
          label: t('saferPlay.reality.interval.every', { minutes: choice }),
          testId: `reality-interval-${choice}`,
        }))}
        value={minutes}
        disabled={busy}
        wrap
        onChange={(choice) => void choose(choice)}
      />
    </section>
  );
}
