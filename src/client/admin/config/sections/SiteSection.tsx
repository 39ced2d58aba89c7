import { useTranslation } from 'react-i18next';
import { LOCALES, siteConfig, type Locale, type SiteConfig } from '../../../../contract';
import { LoadState } from '../../parts';
import { useDraft } from '../draft';
import { SelectField, TextField } from '../fields';
import { SaveBar } from '../SaveBar';
import { useConfigSection } from '../useConfigSection';

/** The site's name and address, and each country's language order. Applies at once. */
export function SiteSection() {
  const { t } = useTranslation();
  const section = useConfigSection('site', siteConfig);
  const current = section.items.find((i) => i.target === 'main')?.value ?? null;
  const { draft, set, reset, settle, dirty, problems } = useDraft<SiteConfig>(current, siteConfig);
  const places = ['first', 'second', 'third'] as const;
  return (
    <section className="config-section" aria-labelledby="config-site-title">
      <h2 id="config-site-title">{t('admin.config.sections.site')}</h2>
      <p className="admin-note">{t('admin.config.site.help')}</p>
      <LoadState error={section.error} loading={section.loading} empty={false} />
      {draft && (
        <form className="config-form panel" onSubmit={(e) => e.preventDefault()}>
          <div className="admin-form__grid">
            <TextField label={t('admin.config.site.name')} value={draft.name} maxLength={80} onChange={(name) => set({ ...draft, name })} />
            <TextField label={t('admin.config.site.website')} value={draft.website} onChange={(website) => set({ ...draft, website })} />
          </div>
          {(['TH', 'LA'] as const).map((country) => (
            <fieldset key={country} className="config-group">
              <legend className="field__label">{t('admin.config.site.languageOrder', { country: t(`admin.config.country.${country}`) })}</legend>
              <div className="admin-form__grid">
                {places.map((place, index) => (
                  <SelectField<Locale> key={place} label={t(`admin.config.site.${place}`)} value={draft.languageOrder[country][index]!} options={LOCALES}
                    optionLabel={(l) => t(`admin.config.languages.${l}`)}
                    onChange={(l) => set({ ...draft, languageOrder: { ...draft.languageOrder, [country]: draft.languageOrder[country].map((x, i) => (i === index ? l : x)) } })} />
                ))}
              </div>
            </fieldset>
          ))}
          <SaveBar canEdit={section.canEdit} movesMoney={false} dirty={dirty} busy={section.busy} problems={problems}
            onReset={reset} onSave={() => void section.save('main', draft).then((c) => c && settle())} />
        </form>
      )}
    </section>
  );
}
