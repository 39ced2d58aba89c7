import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { switchesConfig, type SwitchesConfig } from '../../../../contract';
import { LoadState } from '../../parts';
import { useDraft } from '../draft';
import { NumberField, SwitchField } from '../fields';
import { SaveBar } from '../SaveBar';
import { useConfigSection } from '../useConfigSection';

/** The window a closed slip upload starts with when the operator turns the closing on. */
const DEFAULT_WINDOW = { closedFrom: '23:50', closedTo: '00:10' };

function TimeField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="field config-field">
      <label htmlFor={id} className="field__label">{label}</label>
      <div className="field__control">
        <input id={id} className="field__input" type="time" step={60} value={value} onChange={(e) => onChange(e.target.value)} />
      </div>
    </div>
  );
}

/**
 * The product's switches: OTP at registration, the chat, members changing their bank, how long
 * a deposit QR code lives and the daily slip window. Each applies at once, for every member.
 */
export function SwitchesSection() {
  const { t } = useTranslation();
  const section = useConfigSection('switches', switchesConfig);
  const current = section.items.find((i) => i.target === 'main')?.value ?? null;
  const { draft, set, reset, settle, dirty, problems } = useDraft<SwitchesConfig>(current, switchesConfig);
  const flag = (key: 'registerOTP' | 'enableChatWidget' | 'memberMayChangeBank') => draft && (
    <SwitchField label={t(`admin.config.switches.${key}`)} hint={t(`admin.config.switches.${key}Hint`)} checked={draft[key]}
      onChange={(on) => set({ ...draft, [key]: on })} />
  );
  const closes = draft?.slip.closedFrom != null;
  return (
    <section className="config-section" aria-labelledby="config-switches-title">
      <h2 id="config-switches-title">{t('admin.config.sections.switches')}</h2>
      <p className="admin-note">{t('admin.config.switches.help')}</p>
      <LoadState error={section.error} loading={section.loading} empty={false} />
      {draft && (
        <form className="config-form panel" onSubmit={(e) => e.preventDefault()} data-testid="config-switches-form">
          {flag('registerOTP')}
          {flag('enableChatWidget')}
          {flag('memberMayChangeBank')}
          <div className="admin-form__grid">
            <NumberField label={t('admin.config.switches.qrExpireMinutes')} hint={t('admin.config.switches.qrExpireMinutesHint')} value={draft.qrExpireMinutes}
              min={1} max={120} suffix={t('admin.config.switches.minutes')} onChange={(v) => set({ ...draft, qrExpireMinutes: v ?? 0 })} />
          </div>
          <fieldset className="config-group">
            <legend className="field__label">{t('admin.config.switches.slip')}</legend>
            <SwitchField label={t('admin.config.switches.slipCloses')} hint={t('admin.config.switches.slipClosesHint')} checked={closes}
              onChange={(on) => set({ ...draft, slip: { ...draft.slip, ...(on ? DEFAULT_WINDOW : { closedFrom: null, closedTo: null }) } })} />
            <div className="admin-form__grid">
              {closes && (
                <>
                  <TimeField label={t('admin.config.switches.closedFrom')} value={draft.slip.closedFrom ?? ''}
                    onChange={(v) => set({ ...draft, slip: { ...draft.slip, closedFrom: v } })} />
                  <TimeField label={t('admin.config.switches.closedTo')} value={draft.slip.closedTo ?? ''}
                    onChange={(v) => set({ ...draft, slip: { ...draft.slip, closedTo: v } })} />
                </>
              )}
              <NumberField label={t('admin.config.switches.uploadWithinMinutes')} hint={t('admin.config.switches.uploadWithinMinutesHint')}
                value={draft.slip.uploadWithinMinutes} min={1} max={1440} suffix={t('admin.config.switches.minutes')}
                onChange={(v) => set({ ...draft, slip: { ...draft.slip, uploadWithinMinutes: v ?? 0 } })} />
            </div>
          </fieldset>
          <SaveBar canEdit={section.canEdit} movesMoney={false} dirty={dirty} busy={section.busy} problems={problems}
            onReset={reset} onSave={() => void section.save('main', draft).then((c) => c && settle())} />
        </form>
      )}
    </section>
  );
}
