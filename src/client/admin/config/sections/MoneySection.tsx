import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyConfig, QR_PROVIDERS, type MoneyConfig } from '../../../../contract';
import { LoadState, StatusTabs } from '../../parts';
import { PendingHere } from '../ChangeCard';
import { useDraft } from '../draft';
import { NumberField, NumberListField } from '../fields';
import { SaveBar } from '../SaveBar';
import { useConfigSection } from '../useConfigSection';

const CURRENCIES = ['BAHT', 'LAK'] as const;


/** The money rules of each currency: every change waits for a second operator's approval. */
export function MoneySection() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<(typeof CURRENCIES)[number]>('BAHT');
  const section = useConfigSection('money', moneyConfig);
  const current = section.items.find((i) => i.target === currency)?.value ?? null;
  const { draft, set, reset, settle, dirty, problems } = useDraft<MoneyConfig>(current, moneyConfig);
  const field = (key: 'transferMin' | 'withdrawMin' | 'withdrawMax' | 'autoPayLimit' | 'secondApprovalAbove') => draft && (
    <NumberField label={t(`admin.config.money.${key}`)} hint={t(`admin.config.money.${key}Hint`)} value={draft[key]} min={0}
      step={currency === 'LAK' ? 1 : 0.01} suffix={t(`admin.config.currency.${currency}`)} onChange={(v) => set({ ...draft, [key]: v ?? 0 })} />
  );
  return (
    <section className="config-section" aria-labelledby="config-money-title">
      <h2 id="config-money-title">{t('admin.config.sections.money')}</h2>
      <p className="admin-note">{t('admin.config.money.help')}</p>
      <StatusTabs value={currency} options={CURRENCIES} label={(c) => t(`admin.config.currency.${c}`)} onChange={(c) => { setCurrency(c); settle(); }} />
      <LoadState error={section.error} loading={section.loading} empty={false} />
      {draft && (
        <form className="config-form panel" onSubmit={(e) => e.preventDefault()} data-testid="config-money-form">
          <div className="admin-form__grid">
            {field('transferMin')}
            {field('withdrawMin')}
            {field('withdrawMax')}
            {field('autoPayLimit')}
            {field('secondApprovalAbove')}
          </div>
          <h3>{t('admin.config.money.qr')}</h3>
          <div className="config-qr">
            {QR_PROVIDERS.map((p) => (
              <fieldset key={p} className="config-group">
                <legend className="field__label">{p}</legend>
                <div className="admin-form__grid">
                  <NumberField label={t('admin.config.money.qrMinimum')} value={draft.qr[p].minimum} min={0}
                    onChange={(v) => set({ ...draft, qr: { ...draft.qr, [p]: { ...draft.qr[p], minimum: v ?? 0 } } })} />
                  <NumberField label={t('admin.config.money.qrMaximum')} value={draft.qr[p].maximum} min={0}
                    onChange={(v) => set({ ...draft, qr: { ...draft.qr, [p]: { ...draft.qr[p], maximum: v ?? 0 } } })} />
                  <NumberListField label={t('admin.config.money.qrPresets')} value={draft.qr[p].presets} hint={t('admin.config.money.qrPresetsHint')}
                    onChange={(presets) => set({ ...draft, qr: { ...draft.qr, [p]: { ...draft.qr[p], presets } } })} />
                </div>
              </fieldset>
            ))}
          </div>
          <SaveBar canEdit={section.canEdit} movesMoney dirty={dirty} busy={section.busy} problems={problems}
            onReset={reset} onSave={() => void section.save(currency, draft).then((c) => c && settle())} />
        </form>
      )}
      <PendingHere pending={section.pending} onDecided={section.reload} />
    </section>
  );
}
