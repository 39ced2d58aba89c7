import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BONUS_CODE, BONUS_KINDS, BONUS_TYPES, bonusConfig, GAME_CATEGORIES, type BonusConfig, type BonusKind, type ConfigChangeView } from '../../../../contract';
import { formatAmount, formatDateTime } from '../../../format';
import { LoadState } from '../../parts';
import { ChangeCard } from '../ChangeCard';
import { useDraft } from '../draft';
import { AmountField, BannerListField, DateTimeField, HtmlField, NumberField, SelectField, SwitchField, TextField } from '../fields';
import { SaveBar } from '../SaveBar';
import { useConfigSection } from '../useConfigSection';
import { bonusMovesMoney, bonusStatus, bonusTemplate } from './bonusRules';
import './bonus.css';

type Rule = 'percent' | 'fixed';

/**
 * Bonuses and promotion codes: the list with where each stands (active, scheduled, ended, off)
 * and the form of one, every field: the rule per currency, the counting, the turnover and lower
 * bound, the games, the dates, the texts in th, la and en side by side and the banners, each
 * previewed as a member sees it. A new bonus, a rule, its dates or switching it on wait for a
 * second operator; texts, banners and switching it off apply at once. Nothing is deleted.
 */
export function BonusSection() {
  const { t } = useTranslation();
  const section = useConfigSection('bonus', bonusConfig);
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState<BonusKind | null>(null);
  const [code, setCode] = useState('');
  // Where each bonus stands is read against the clock, which moves on each minute.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const current = creating ? bonusTemplate(creating) : (section.items.find((i) => i.target === selected)?.value ?? null);
  const { draft, set, reset, settle, dirty, problems } = useDraft<BonusConfig>(current, bonusConfig);
  const target = creating ? code : selected;
  const codeProblem = creating && (!BONUS_CODE.test(code) ? t('admin.config.bonus.codeInvalid')
    : section.items.some((i) => i.target === code) ? t('admin.config.bonus.codeTaken') : null);
  const pendingOf = (code: string) => section.pending.filter((c: ConfigChangeView) => c.target === code);

  const openLabel = section.canEdit ? t('admin.config.bonus.edit') : t('admin.config.bonus.view');
  // The form opens above the list: bring it into view (on a phone the card may be far below).
  const formRef = useRef<HTMLFormElement>(null);
  const shown = creating ?? selected;
  useEffect(() => {
    if (shown) formRef.current?.scrollIntoView({ block: 'start' });
  }, [shown]);
  const open = (code: string) => { setCreating(null); setSelected(code); settle(); };
  const create = (kind: BonusKind) => { setSelected(null); setCreating(kind); setCode(''); settle(); };
  const close = () => { setSelected(null); setCreating(null); settle(); };

  const summary = (v: BonusConfig) => [
    v.amountPercent !== null
      ? t('admin.config.bonus.summaryPercent', { percent: v.amountPercent })
      : t('admin.config.bonus.summaryFixed', { amount: `${formatAmount(v.amountFixed?.BAHT ?? 0)} ${t('admin.config.currency.BAHT')} / ${formatAmount(v.amountFixed?.LAK ?? 0)} ${t('admin.config.currency.LAK')}` }),
    t('admin.config.bonus.summaryTurnover', { times: v.turnoverMultiplier }),
    t(`admin.config.bonus.types.${v.type}`),
  ].join(' · ');

  return (
    <section className="config-section" aria-labelledby="config-bonus-title">
      <h2 id="config-bonus-title">{t('admin.config.bonus.title')}</h2>
      <p className="admin-note">{t('admin.config.bonus.help')}</p>
      <LoadState error={section.error} loading={section.loading} empty={false} />
      {section.canEdit && (
        <div className="admin-actions">
          <button type="button" className="btn btn--gold" data-testid="bonus-new" onClick={() => create('bonus')}>{t('admin.config.bonus.newBonus')}</button>
          <button type="button" className="btn btn--ghost" data-testid="bonus-new-promotion" onClick={() => create('promotion')}>{t('admin.config.bonus.newPromotion')}</button>
        </div>
      )}

      {draft && target !== null && (
        <form ref={formRef} className="config-form panel" onSubmit={(e) => e.preventDefault()} data-testid="config-bonus-form" aria-labelledby="bonus-form-title">
          <div className="admin-card__top">
            <h3 id="bonus-form-title">{creating ? t('admin.config.bonus.creating', { code: code || '…' }) : t('admin.config.bonus.editing', { code: selected })}</h3>
            <button type="button" className="btn btn--ghost bonus-close" onClick={close}>{t('admin.config.bonus.close')}</button>
          </div>
          {creating && (
            <TextField label={t('admin.config.bonus.code')} value={code} maxLength={30} hint={codeProblem || t('admin.config.bonus.codeHelp')}
              onChange={(v) => setCode(v.toUpperCase().replace(/\s/g, ''))} />
          )}
          <BonusForm value={draft} onChange={set} />
          <SaveBar canEdit={section.canEdit} movesMoney={bonusMovesMoney(creating ? null : current, draft)} dirty={Boolean(creating) || dirty} busy={section.busy}
            problems={[...(codeProblem ? ['code'] : []), ...problems]}
            onReset={reset}
            onSave={() => void section.save(target, draft).then((change) => {
              if (!change) return;
              // A new bonus waits for approval (listed below); an edit stays open on the value now.
              if (creating) close();
              else settle();
            })} />
        </form>
      )}

      <h3>{t('admin.config.bonus.list')}</h3>
      {!section.loading && section.items.length === 0 && <p className="admin-note">{t('admin.config.bonus.empty')}</p>}
      <ul className="admin-list" data-testid="bonus-list">
        {section.items.map(({ target: code, value }) => {
          const status = bonusStatus(value, now);
          const waiting = pendingOf(code).length;
          return (
            <li key={code} className="admin-card panel bonus-card" data-testid="bonus-item" data-code={code} data-status={status} aria-current={code === selected ? 'true' : undefined}>
              <div className="admin-card__top">
                <h2><code>{code}</code></h2>
                <span className={`bonus-badge bonus-badge--${status}`} data-testid="bonus-status">{t(`admin.config.bonus.status.${status}`)}</span>
              </div>
              <p className="admin-note">{t(`admin.config.bonus.kinds.${value.kind}`)}</p>
              <p className="bonus-card__summary">{summary(value)}</p>
              {(value.startsAt || value.endsAt) && (
                <p className="admin-note">
                  {[value.startsAt && t('admin.config.bonus.from', { date: formatDateTime(value.startsAt) }), value.endsAt && t('admin.config.bonus.until', { date: formatDateTime(value.endsAt) })].filter(Boolean).join(' ')}
                </p>
              )}
              <div className="admin-actions">
                <button type="button" className="btn btn--ghost" onClick={() => open(code)} aria-label={`${openLabel} ${code}`}>{openLabel}</button>
                {waiting > 0 && <span className="bonus-badge bonus-badge--scheduled">{t('admin.config.bonus.pending')}</span>}
              </div>
            </li>
          );
        })}
      </ul>
      {section.pending.length > 0 && (
        <>
          <h3>{t('admin.config.waitingHere')}</h3>
          <ul className="admin-list config-changes" data-testid="bonus-pending">{section.pending.map((c) => <ChangeCard key={c.id} change={c} onDecided={section.reload} />)}</ul>
        </>
      )}
    </section>
  );
}

type Strings = typeof import('../../../../../locales/en.json')['admin']['config']['bonus'];
/** The section's strings that are words (not groups of them). */
type Word = { [K in keyof Strings]: Strings[K] extends string ? K : never }[keyof Strings];

/** Every field of one bonus. */
function BonusForm({ value, onChange }: { value: BonusConfig; onChange: (v: BonusConfig) => void }) {
  const { t } = useTranslation();
  const k = (key: Word) => t(`admin.config.bonus.${key}`);
  const put = <K extends keyof BonusConfig>(key: K, v: BonusConfig[K]) => onChange({ ...value, [key]: v });
  const rule: Rule = value.amountFixed !== null ? 'fixed' : 'percent';
  const setRule = (next: Rule) => onChange(next === 'percent'
    ? { ...value, amountPercent: value.amountPercent ?? 10, amountFixed: null, amountCap: value.amountCap }
    : { ...value, amountPercent: null, amountCap: null, amountFixed: value.amountFixed ?? { BAHT: 50, LAK: 30_000 } });
  const toggleCategory = (c: (typeof GAME_CATEGORIES)[number], on: boolean) =>
    put('categories', GAME_CATEGORIES.filter((x) => (x === c ? on : value.categories.includes(x))));
  const datesWrong = value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt);

  return (
    <>
      <h3>{k('rulesTitle')}</h3>
      <div className="admin-form__grid">
        <SelectField label={k('kind')} value={value.kind} options={BONUS_KINDS} optionLabel={(o) => t(`admin.config.bonus.kinds.${o}`)} onChange={(v) => put('kind', v)} />
        <SelectField label={k('type')} value={value.type} options={BONUS_TYPES} optionLabel={(o) => t(`admin.config.bonus.types.${o}`)} onChange={(v) => put('type', v)} />
        <NumberField label={k('maxReceived')} value={value.maxReceived} min={1} max={1000} onChange={(v) => put('maxReceived', v ?? 1)} />
        <NumberField label={k('quota')} value={value.quota} min={1} hint={k('noQuota')} onChange={(v) => put('quota', v === null || v <= 0 ? null : v)} />
      </div>
      <fieldset className="config-group">
        <legend className="field__label">{k('amountRule')}</legend>
        <SelectField label={k('ruleChoice')} value={rule} options={['percent', 'fixed'] as const} optionLabel={(o) => t(`admin.config.bonus.rules.${o}`)} onChange={setRule} />
        {rule === 'percent' ? (
          <>
            <NumberField label={k('amountPercent')} value={value.amountPercent} min={1} max={1000} suffix="%" onChange={(v) => put('amountPercent', v)} />
            <SwitchField label={k('noCap')} checked={value.amountCap === null} onChange={(none) => put('amountCap', none ? null : { BAHT: 100, LAK: 60_000 })} />
            {value.amountCap && <AmountField label={k('amountCap')} value={value.amountCap} onChange={(v) => put('amountCap', v)} />}
          </>
        ) : (
          value.amountFixed && <AmountField label={k('amountFixed')} value={value.amountFixed} onChange={(v) => put('amountFixed', v)} />
        )}
        <AmountField label={k('minDeposit')} value={value.minDeposit} onChange={(v) => put('minDeposit', v)} />
      </fieldset>
      <div className="admin-form__grid">
        <NumberField label={k('turnoverMultiplier')} value={value.turnoverMultiplier} min={1} max={100} suffix="×" onChange={(v) => put('turnoverMultiplier', v ?? 1)} />
        <NumberField label={k('percentFail')} value={value.percentFail} min={0} max={100} suffix="%" onChange={(v) => put('percentFail', v ?? 0)} />
      </div>
      <fieldset className="config-group">
        <legend className="field__label">{k('categories')}</legend>
        <div className="config-row">
          {GAME_CATEGORIES.map((c) => (
            <SwitchField key={c} label={t(`wallet.category.${c}`)} checked={value.categories.includes(c)} onChange={(on) => toggleCategory(c, on)} />
          ))}
        </div>
      </fieldset>
      <fieldset className="config-group">
        <legend className="field__label">{k('dates')}</legend>
        <div className="config-row">
          <DateTimeField label={k('startsAt')} value={value.startsAt} onChange={(v) => put('startsAt', v)} />
          <DateTimeField label={k('endsAt')} value={value.endsAt} onChange={(v) => put('endsAt', v)} />
        </div>
        {datesWrong && <p className="admin-note admin-note--error" role="alert">{k('datesInvalid')}</p>}
      </fieldset>
      <SwitchField label={k('active')} hint={k('activeHelp')} checked={value.active} onChange={(v) => put('active', v)} />

      <h3>{k('texts')}</h3>
      <p className="admin-note">{k('placeholders')}</p>
      <HtmlField label={k('description')} value={value.description} maxLength={4_000} onChange={(v) => put('description', v)} />
      <BannerListField label={k('banners')} value={value.banners} onChange={(v) => put('banners', v)} />
    </>
  );
}
