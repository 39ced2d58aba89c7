import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LOCALES, WHEEL_LIMITS, WHEEL_TARGET, wheelChangeMovesMoney, wheelConfig,
  type Locale, type LocalizedTextValue, type WheelConfig, type WheelSliceConfig,
} from '../../../../contract';
import { formatAmount } from '../../../format';
import { loadStrings } from '../../../i18n/catalogues';
import { LoadState, StatusTabs } from '../../parts';
import { PendingHere } from '../ChangeCard';
import { useDraft } from '../draft';
import { AmountField, HtmlField, LocalizedTextField, NumberField, SelectField, SwitchField, TextField } from '../fields';
import { SaveBar } from '../SaveBar';
import { useConfigSection } from '../useConfigSection';
import { chances, fillPrize, formatChance, slicePath } from './wheelPreview';
import './wheel.css';

const CURRENCIES = ['BAHT', 'LAK'] as const;
type Currency = (typeof CURRENCIES)[number];
const PRIZE_KINDS = ['credit', 'nothing'] as const;
/** Colours a new slice takes in turn, so neighbours differ until the operator picks. */
const PALETTE = ['#7c3aed', '#0ea5e9', '#16a34a', '#f59e0b', '#db2777', '#0d9488', '#dc2626', '#475569'];

/**
 * The spin wheel: its name, the coins deposits earn, the coupon's life and the slices (labels,
 * colours, descriptions, weights with the chance they give, prizes), with the wheel as members
 * will see it. Weights and chances are the operators' only. Texts, colours and the order apply
 * at once; weights, prizes, the slice set and the coin rule wait for a second operator.
 */
export function WheelSection() {
  const { t, i18n } = useTranslation();
  useEveryLanguage();
  const section = useConfigSection('wheel', wheelConfig);
  const current = section.items.find((i) => i.target === WHEEL_TARGET)?.value ?? null;
  const { draft, set, reset, settle, dirty, problems } = useDraft<WheelConfig>(current, wheelConfig);
  const [open, setOpen] = useState<number | null>(null);
  const inAll = (key: WheelString): LocalizedTextValue =>
    Object.fromEntries(LOCALES.map((l) => [l, inLanguage(i18n, key, l)])) as LocalizedTextValue;

  const setSlices = (slices: WheelSliceConfig[]) => draft && set({ ...draft, slices });
  const setSlice = (index: number, slice: WheelSliceConfig) => draft && setSlices(draft.slices.map((s, i) => (i === index ? slice : s)));
  const move = (index: number, by: number) => {
    if (!draft) return;
    const slices = [...draft.slices];
    const [slice] = slices.splice(index, 1);
    slices.splice(index + by, 0, slice);
    setSlices(slices);
    if (open === index) setOpen(index + by);
    else if (open === index + by) setOpen(index);
  };
  const remove = (index: number) => {
    if (!draft) return;
    setSlices(draft.slices.filter((_, i) => i !== index));
    setOpen(null);
  };
  const add = () => {
    if (!draft) return;
    const codes = new Set(draft.slices.map((s) => s.code));
    let n = draft.slices.length + 1;
    while (codes.has(`S${n}`)) n += 1;
    setSlices([...draft.slices, {
      code: `S${n}`,
      label: inAll('admin.config.wheel.newLabel'),
      bgColor: PALETTE[draft.slices.length % PALETTE.length],
      textColor: '#ffffff',
      description: { th: '', la: '', en: '' },
      weight: 1,
      prizeKind: 'nothing',
      prizeName: inAll('admin.config.wheel.kinds.nothing'),
      prizeAmount: { BAHT: 0, LAK: 0 },
    }]);
    setOpen(draft.slices.length);
  };

  const editorId = useId();
  const known = new Set(current?.slices.map((s) => s.code) ?? []);
  const openSlice = open === null ? undefined : draft?.slices[open];
  const odds = draft ? chances(draft.slices) : [];
  const total = draft ? draft.slices.reduce((sum, s) => sum + (s.weight || 0), 0) : 0;

  return (
    <section className="config-section" aria-labelledby="config-wheel-title">
      <h2 id="config-wheel-title">{t('admin.config.sections.wheel')}</h2>
      <p className="admin-note">{t('admin.config.wheel.intro')}</p>
      <LoadState error={section.error} loading={section.loading} empty={false} />
      {draft && (
        <form className="config-form panel" onSubmit={(e) => e.preventDefault()} data-testid="config-wheel-form">
          <LocalizedTextField label={t('admin.config.wheel.name')} value={draft.name} maxLength={60} onChange={(name) => set({ ...draft, name })} />

          <fieldset className="config-group">
            <legend className="field__label">{t('admin.config.wheel.coinRule')}</legend>
            <AmountField label={t('admin.config.wheel.minDeposit')} value={draft.coinRule.minDeposit}
              onChange={(minDeposit) => set({ ...draft, coinRule: { ...draft.coinRule, minDeposit } })} />
            <div className="admin-form__grid">
              <NumberField label={t('admin.config.wheel.coins')} value={draft.coinRule.coins} min={0} max={WHEEL_LIMITS.maxCoins}
                onChange={(coins) => set({ ...draft, coinRule: { ...draft.coinRule, coins: coins ?? 0 } })} />
              <NumberField label={t('admin.config.wheel.couponValidDays')} value={draft.couponValidDays} min={1} max={WHEEL_LIMITS.maxCouponDays}
                onChange={(days) => set({ ...draft, couponValidDays: days ?? 0 })} />
            </div>
            <SwitchField label={t('admin.config.wheel.firstDepositOnly')} checked={draft.coinRule.firstDepositOnly}
              onChange={(firstDepositOnly) => set({ ...draft, coinRule: { ...draft.coinRule, firstDepositOnly } })} />
          </fieldset>

          <h3>{t('admin.config.wheel.slices')}</h3>
          <p className="admin-note">
            {t('admin.config.wheel.slicesHint', { count: draft.slices.length })} {t('admin.config.wheel.placeholders')}
          </p>
          <div className="wheel-config">
            <div className="wheel-config__table">
              <table className="admin-table wheel-slices" data-testid="wheel-slices">
                <thead>
                  <tr>
                    <th scope="col">{t('admin.config.wheel.order')}</th>
                    <th scope="col">{t('admin.config.wheel.label')}</th>
                    <th scope="col">{t('admin.config.wheel.weight')}</th>
                    <th scope="col">{t('admin.config.wheel.chance')}</th>
                    <th scope="col">{t('admin.config.wheel.prize')}</th>
                    <th scope="col"><span className="visually-hidden">{t('admin.config.wheel.edit')}</span></th>
                  </tr>
                </thead>
                <tbody>
                  {draft.slices.map((slice, index) => (
                    <SliceRow key={index} index={index} slice={slice} chance={odds[index]} count={draft.slices.length}
                      open={open === index} editorId={editorId}
                      onToggle={() => setOpen(open === index ? null : index)} onChange={(s) => setSlice(index, s)}
                      onMove={(by) => move(index, by)} onRemove={() => remove(index)} />
                  ))}
                </tbody>
              </table>
            </div>
            {openSlice && open !== null && (
              <div className="panel wheel-editor-panel" id={editorId} data-testid="wheel-slice-editor">
                <div className="wheel-editor-panel__head">
                  <h4>{t('admin.config.wheel.editing', { n: open + 1, code: openSlice.code })}</h4>
                  <button type="button" className="btn btn--ghost" onClick={() => setOpen(null)}>{t('admin.config.wheel.done')}</button>
                </div>
                <SliceEditor slice={openSlice} existing={known.has(openSlice.code)} onChange={(s) => setSlice(open, s)} />
              </div>
            )}
            <p className={total > 0 ? 'admin-note' : 'admin-note admin-note--error'} data-testid="wheel-total">
              {total > 0 ? t('admin.config.wheel.totalWeight', { total }) : t('admin.config.wheel.noDraw')}
            </p>
            <button type="button" className="btn btn--ghost config-add" disabled={draft.slices.length >= WHEEL_LIMITS.maxSlices} onClick={add}>
              {t('admin.config.wheel.add')}
            </button>
          </div>

          <WheelPreview slices={draft.slices} />

          <SaveBar canEdit={section.canEdit} movesMoney={wheelChangeMovesMoney(current, draft)} dirty={dirty} busy={section.busy} problems={problems}
            onReset={() => { reset(); setOpen(null); }}
            onSave={() => void section.save(WHEEL_TARGET, draft).then((c) => { if (c) { settle(); setOpen(null); } })} />
        </form>
      )}
      <PendingHere pending={section.pending} onDecided={section.reload} />
    </section>
  );
}

/**
 * The page writes and shows texts in all three languages (a new slice's label, the currency's word
 * in the preview), so it needs each language's strings, not only the operator's.
 */
function useEveryLanguage() {
  const [, setLoaded] = useState(0);
  useEffect(() => {
    let live = true;
    void Promise.all(LOCALES.map((l) => loadStrings(l))).then(() => { if (live) setLoaded((n) => n + 1); }, () => undefined);
    return () => { live = false; };
  }, []);
}

type WheelString = 'admin.config.wheel.newLabel' | `admin.config.wheel.kinds.${WheelSliceConfig['prizeKind']}` | `wallet.currency.${Currency}`;

/** A string in a language; in the operator's language while that language's strings have not arrived. */
const inLanguage = (i18n: ReturnType<typeof useTranslation>['i18n'], key: WheelString, language: Locale): string =>
  i18n.t(key, { lng: i18n.exists(key, { lng: language }) ? language : i18n.language });

/** A slice's line in the table, and its editor under it when open. */
function SliceRow({ index, slice, chance, count, open, editorId, onToggle, onChange, onMove, onRemove }: {
  index: number; slice: WheelSliceConfig; chance: number; count: number; open: boolean; editorId: string;
  onToggle: () => void; onChange: (s: WheelSliceConfig) => void; onMove: (by: number) => void; onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const weightId = useId();
  // The label as a member holding baht reads it, in each language.
  const shown = (l: Locale) => fillPrize(slice.label[l], slice.prizeKind === 'credit' ? slice.prizeAmount.BAHT : 0, inLanguage(i18n, 'wallet.currency.BAHT', l));
  return (
    <>
      <tr data-testid="wheel-slice" data-code={slice.code} className={open ? 'wheel-slice--open' : undefined}>
        <td data-label={t('admin.config.wheel.order')}>{index + 1}</td>
        <td data-label={t('admin.config.wheel.label')}>
          <div className="wheel-slice__look">
            <span className="wheel-swatch" style={{ background: slice.bgColor, color: slice.textColor }} aria-hidden="true">{slice.code}</span>
            <span className="wheel-slice__labels">
              {LOCALES.map((l) => <span key={l} lang={l}>{shown(l)}</span>)}
            </span>
          </div>
        </td>
        <td data-label={t('admin.config.wheel.weight')}>
          <label htmlFor={weightId} className="visually-hidden">{t('admin.config.wheel.weightOf', { code: slice.code })}</label>
          <input id={weightId} className="field__input wheel-slice__weight" type="number" inputMode="numeric" min={0} max={WHEEL_LIMITS.maxWeight} step={1}
            value={Number.isFinite(slice.weight) ? slice.weight : ''} onChange={(e) => onChange({ ...slice, weight: e.target.value === '' ? 0 : Number(e.target.value) })} />
        </td>
        <td data-label={t('admin.config.wheel.chance')} data-testid="wheel-chance">{formatChance(chance)}</td>
        <td data-label={t('admin.config.wheel.prize')}>
          {slice.prizeKind === 'credit'
            ? <span className="admin-money">{formatAmount(slice.prizeAmount.BAHT)} {t('admin.config.currency.BAHT')} · {formatAmount(slice.prizeAmount.LAK)} {t('admin.config.currency.LAK')}</span>
            : <span className="admin-note">{t('admin.config.wheel.kinds.nothing')}</span>}
        </td>
        <td className="wheel-slice__actions">
          <button type="button" className="btn btn--ghost wheel-icon" data-edit-only aria-label={t('admin.config.moveUp')} title={t('admin.config.moveUp')} disabled={index === 0} onClick={() => onMove(-1)}>↑</button>
          <button type="button" className="btn btn--ghost wheel-icon" data-edit-only aria-label={t('admin.config.moveDown')} title={t('admin.config.moveDown')} disabled={index === count - 1} onClick={() => onMove(1)}>↓</button>
          <button type="button" className="btn btn--ghost" aria-expanded={open} aria-controls={editorId} onClick={onToggle}>
            {open ? t('admin.config.wheel.done') : t('admin.config.wheel.edit')}
          </button>
          <button type="button" className="btn btn--ghost" data-edit-only disabled={count <= WHEEL_LIMITS.minSlices} onClick={onRemove}>{t('admin.config.remove')}</button>
        </td>
      </tr>
    </>
  );
}

function SliceEditor({ slice, existing, onChange }: { slice: WheelSliceConfig; existing: boolean; onChange: (s: WheelSliceConfig) => void }) {
  const { t, i18n } = useTranslation();
  const setKind = (prizeKind: WheelSliceConfig['prizeKind']) => {
    if (prizeKind === slice.prizeKind) return;
    const name = Object.fromEntries(LOCALES.map((l) => [l, inLanguage(i18n, `admin.config.wheel.kinds.${prizeKind}`, l)])) as LocalizedTextValue;
    onChange({ ...slice, prizeKind, prizeName: name, prizeAmount: prizeKind === 'nothing' ? { BAHT: 0, LAK: 0 } : slice.prizeAmount });
  };
  return (
    <div className="wheel-editor">
      <div className="admin-form__grid">
        <TextField label={t('admin.config.wheel.code')} value={slice.code} maxLength={20} readOnly={existing}
          hint={existing ? t('admin.config.wheel.codeKept') : t('admin.config.wheel.codeHint')} onChange={(code) => onChange({ ...slice, code })} />
        <NumberField label={t('admin.config.wheel.weight')} value={slice.weight} min={0} max={WHEEL_LIMITS.maxWeight}
          onChange={(weight) => onChange({ ...slice, weight: weight ?? 0 })} />
        <ColourField label={t('admin.config.wheel.bgColor')} value={slice.bgColor} onChange={(bgColor) => onChange({ ...slice, bgColor })} />
        <ColourField label={t('admin.config.wheel.textColor')} value={slice.textColor} onChange={(textColor) => onChange({ ...slice, textColor })} />
      </div>
      <LocalizedTextField label={t('admin.config.wheel.label')} value={slice.label} maxLength={40} onChange={(label) => onChange({ ...slice, label })} />
      <SelectField label={t('admin.config.wheel.prizeKind')} value={slice.prizeKind} options={PRIZE_KINDS}
        optionLabel={(k) => t(`admin.config.wheel.kinds.${k}`)} onChange={setKind} />
      {slice.prizeKind === 'credit' && (
        <AmountField label={t('admin.config.wheel.prizeAmount')} value={slice.prizeAmount} onChange={(prizeAmount) => onChange({ ...slice, prizeAmount })} />
      )}
      <LocalizedTextField label={t('admin.config.wheel.prizeName')} value={slice.prizeName} maxLength={80} onChange={(prizeName) => onChange({ ...slice, prizeName })} />
      <HtmlField label={t('admin.config.wheel.description')} value={slice.description} maxLength={2_000} onChange={(description) => onChange({ ...slice, description })} />
    </div>
  );
}

/** A colour picked or typed as #rrggbb. */
function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  const full = /^#[0-9a-fA-F]{6}$/.test(value) ? value : /^#[0-9a-fA-F]{3}$/.test(value) ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : '#000000';
  return (
    <div className="field config-field">
      <label htmlFor={id} className="field__label">{label}</label>
      <div className="field__control wheel-colour">
        <input type="color" className="wheel-colour__picker" value={full} aria-label={label} onChange={(e) => onChange(e.target.value)} />
        <input id={id} className="field__input" value={value} maxLength={7} spellCheck={false} onChange={(e) => onChange(e.target.value.trim())} />
      </div>
    </div>
  );
}

/** The wheel as a member holding the currency sees it, in a language: slices, colours and filled labels. */
function WheelPreview({ slices }: { slices: WheelSliceConfig[] }) {
  const { t, i18n } = useTranslation();
  const [language, setLanguage] = useState<Locale>(() => LOCALES.find((l) => l === i18n.language) ?? 'th');
  const [currency, setCurrency] = useState<Currency>('BAHT');
  const word = inLanguage(i18n, `wallet.currency.${currency}`, language);
  const odds = chances(slices);
  const label = (s: WheelSliceConfig) => fillPrize(s.label[language], s.prizeKind === 'credit' ? s.prizeAmount[currency] : 0, word);
  return (
    <figure className="wheel-preview" data-testid="wheel-preview">
      <figcaption className="config-preview__head">
        <span>{t('admin.config.wheel.preview')}</span>
        <span className="admin-tabs" role="group" aria-label={t('admin.config.previewLanguage')}>
          {LOCALES.map((l) => (
            <button key={l} type="button" className="admin-tabs__tab" aria-pressed={l === language} onClick={() => setLanguage(l)}>{l.toUpperCase()}</button>
          ))}
        </span>
      </figcaption>
      <StatusTabs value={currency} options={CURRENCIES} label={(c) => t(`admin.config.currency.${c}`)} onChange={setCurrency} />
      <div className="wheel-preview__body" lang={language}>
        <svg className="wheel-preview__wheel" viewBox="0 0 120 120" role="img" aria-label={t('admin.config.wheel.preview')}>
          {slices.map((slice, i) => {
            const { d, mid } = slicePath(i, slices.length);
            const x = 60 + 32 * Math.cos(mid);
            const y = 60 + 32 * Math.sin(mid);
            const text = label(slice);
            // Along the radius, read from the centre outwards; turned over on the left half so it is never upside down.
            const angle = (mid * 180) / Math.PI + (Math.cos(mid) < -1e-9 ? 180 : 0);
            return (
              <g key={i}>
                <path d={d} fill={slice.bgColor} stroke="#ffffff80" strokeWidth="0.4" />
                <text x={x} y={y} fill={slice.textColor} fontSize={slices.length > 12 ? 3.4 : 4.2} fontWeight="700" textAnchor="middle" dominantBaseline="middle"
                  transform={`rotate(${angle} ${x} ${y})`}>
                  {text.length > 16 ? `${text.slice(0, 15)}…` : text}
                </text>
              </g>
            );
          })}
          <circle cx="60" cy="60" r="56" fill="none" stroke="#f5c451" strokeWidth="2" />
          <circle cx="60" cy="60" r="9" fill="#1d1433" stroke="#f5c451" strokeWidth="1.2" />
          <path d="M55 1 L65 1 L60 11 Z" fill="#f5c451" stroke="#3b2a00" strokeWidth="0.6" />
        </svg>
        <ol className="wheel-preview__legend">
          {slices.map((slice, i) => (
            <li key={i}>
              <span className="wheel-swatch wheel-swatch--dot" style={{ background: slice.bgColor }} aria-hidden="true" />
              <span className="wheel-preview__label">{label(slice)}</span>
              <span className="wheel-preview__chance">{formatChance(odds[i])}</span>
            </li>
          ))}
        </ol>
      </div>
    </figure>
  );
}
