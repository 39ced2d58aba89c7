import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { banksConfig, type BanksConfig } from '../../../../contract';
import { LoadState, StatusTabs } from '../../parts';
import { useDraft } from '../draft';
import { LocalizedTextField, TextField } from '../fields';
import { SaveBar } from '../SaveBar';
import { useConfigSection } from '../useConfigSection';

const COUNTRIES = ['TH', 'LA'] as const;

/** The banks members register and withdraw with, per country. Applies at once; a bank in use stays. */
export function BanksSection() {
  const { t } = useTranslation();
  const [country, setCountry] = useState<(typeof COUNTRIES)[number]>('TH');
  const section = useConfigSection('banks', banksConfig);
  const current = section.items.find((i) => i.target === country)?.value ?? null;
  const { draft, set, reset, settle, dirty, problems } = useDraft<BanksConfig>(current, banksConfig);
  const change = (index: number, next: BanksConfig[number]) => draft && set(draft.map((b, i) => (i === index ? next : b)));
  return (
    <section className="config-section" aria-labelledby="config-banks-title">
      <h2 id="config-banks-title">{t('admin.config.sections.banks')}</h2>
      <p className="admin-note">{t('admin.config.banks.help')}</p>
      <StatusTabs value={country} options={COUNTRIES} label={(c) => t(`admin.config.country.${c}`)} onChange={(c) => { setCountry(c); settle(); }} />
      <LoadState error={section.error} loading={section.loading} empty={false} />
      {draft && (
        <form className="config-form panel" onSubmit={(e) => e.preventDefault()}>
          {draft.map((bank, index) => (
            <details key={index} className="config-group config-bank">
              <summary className="config-bank__summary">
                {bank.logo && <img src={bank.logo} alt="" width={28} height={28} />}
                <strong>{bank.code || '-'}</strong> <span>{bank.nameEN}</span>
              </summary>
              <div className="admin-form__grid">
                <TextField label={t('admin.config.banks.code')} value={bank.code} maxLength={10} onChange={(code) => change(index, { ...bank, code: code.toUpperCase() })} />
                <TextField label={t('admin.config.banks.nameTH')} value={bank.nameTH} maxLength={80} onChange={(nameTH) => change(index, { ...bank, nameTH })} />
                <TextField label={t('admin.config.banks.nameEN')} value={bank.nameEN} maxLength={80} onChange={(nameEN) => change(index, { ...bank, nameEN })} />
                <TextField label={t('admin.config.banks.logo')} value={bank.logo ?? ''} maxLength={300}
                  onChange={(logo) => change(index, logo ? { ...bank, logo } : (({ logo: _gone, ...rest }) => rest)(bank))} />
              </div>
              <LocalizedTextField label={t('admin.config.banks.name')} value={bank.name} maxLength={80} onChange={(name) => change(index, { ...bank, name })} />
              <button type="button" className="btn btn--ghost config-add" onClick={() => set(draft.filter((_, i) => i !== index))}>{t('admin.config.remove')}</button>
            </details>
          ))}
          <button type="button" className="btn btn--ghost config-add"
            onClick={() => set([...draft, { code: '', nameTH: '', nameEN: '', name: { th: '', la: '', en: '' } }])}>
            {t('admin.config.banks.add')}
          </button>
          <SaveBar canEdit={section.canEdit} movesMoney={false} dirty={dirty} busy={section.busy} problems={problems}
            onReset={reset} onSave={() => void section.save(country, draft).then((c) => c && settle())} />
        </form>
      )}
    </section>
  );
}
