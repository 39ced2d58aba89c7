import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sourcesConfig, type SourcesConfig } from '../../../../contract';
import { LoadState, StatusTabs } from '../../parts';
import { useDraft } from '../draft';
import { LocalizedTextField, TextField } from '../fields';
import { SaveBar } from '../SaveBar';
import { useConfigSection } from '../useConfigSection';

const COUNTRIES = ['TH', 'LA'] as const;

/** The answers to "where did you hear of us?" offered at registration, per country. Applies at once. */
export function SourcesSection() {
  const { t } = useTranslation();
  const [country, setCountry] = useState<(typeof COUNTRIES)[number]>('TH');
  const section = useConfigSection('sources', sourcesConfig);
  const current = section.items.find((i) => i.target === country)?.value ?? null;
  const { draft, set, reset, settle, dirty, problems } = useDraft<SourcesConfig>(current, sourcesConfig);
  const change = (index: number, next: SourcesConfig[number]) => draft && set(draft.map((s, i) => (i === index ? next : s)));
  return (
    <section className="config-section" aria-labelledby="config-sources-title">
      <h2 id="config-sources-title">{t('admin.config.sections.sources')}</h2>
      <p className="admin-note">{t('admin.config.sources.help')}</p>
      <StatusTabs value={country} options={COUNTRIES} label={(c) => t(`admin.config.country.${c}`)} onChange={(c) => { setCountry(c); settle(); }} />
      <LoadState error={section.error} loading={section.loading} empty={false} />
      {draft && (
        <form className="config-form panel" onSubmit={(e) => e.preventDefault()}>
          {draft.map((source, index) => (
            <fieldset key={index} className="config-group">
              <legend className="field__label">{source.code || '-'}</legend>
              <TextField label={t('admin.config.sources.code')} value={source.code} maxLength={30} onChange={(code) => change(index, { ...source, code })} />
              <LocalizedTextField label={t('admin.config.sources.description')} value={source.description} maxLength={120}
                onChange={(description) => change(index, { ...source, description })} />
              <button type="button" className="btn btn--ghost config-add" onClick={() => set(draft.filter((_, i) => i !== index))}>{t('admin.config.remove')}</button>
            </fieldset>
          ))}
          <button type="button" className="btn btn--ghost config-add" onClick={() => set([...draft, { code: '', description: { th: '', la: '', en: '' } }])}>
            {t('admin.config.sources.add')}
          </button>
          <SaveBar canEdit={section.canEdit} movesMoney={false} dirty={dirty} busy={section.busy} problems={problems}
            onReset={reset} onSave={() => void section.save(country, draft).then((c) => c && settle())} />
        </form>
      )}
    </section>
  );
}
