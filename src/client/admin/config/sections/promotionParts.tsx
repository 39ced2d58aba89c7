import { useTranslation } from 'react-i18next';
import { promotionBanners, type PerCurrencyAmountOrNoneValue, type PromotionBannersValue } from '../../../../contract';
import { useDraft } from '../draft';
import { SaveBar } from '../SaveBar';
import { BannerListField, NumberField } from '../fields';

/**
 * An amount in each currency where a currency may have none (left empty): the invite rule's cap
 * per friend, the refund rule's minimum. Members holding a currency without one get nothing of
 * the rule, never another currency's figure.
 */
export function OptionalAmountField({ label, value, onChange, hint }: {
  label: string; value: PerCurrencyAmountOrNoneValue; onChange: (v: PerCurrencyAmountOrNoneValue) => void; hint: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="config-group">
      <legend className="field__label">{label}</legend>
      <div className="config-row">
        {(['BAHT', 'LAK'] as const).map((currency) => (
          <NumberField key={currency} label={t(`admin.config.currency.${currency}`)} value={value[currency]} min={0}
            step={currency === 'LAK' ? 1 : 0.01} suffix={t(`admin.config.currency.${currency}`)} onChange={(v) => onChange({ ...value, [currency]: v })} />
        ))}
      </div>
      <p className="field__hint">{hint}</p>
    </fieldset>
  );
}

/** A whole percent. */
export function PercentField({ label, value, onChange, hint, max = 100 }: { label: string; value: number; onChange: (v: number) => void; hint?: string; max?: number }) {
  return <NumberField label={label} hint={hint} value={value} min={0} max={max} step={1} suffix="%" onChange={(v) => onChange(v ?? 0)} />;
}

/**
 * The invite's or refund's banners (their `banners` item), saved on their own: banners apply at
 * once, the rule beside them waits for a second operator.
 */
export function PromotionBannersForm({ section, testId, help }: {
  section: { items: { target: string; value: unknown }[]; canEdit: boolean; busy: boolean; save: (target: string, value: PromotionBannersValue) => Promise<unknown> };
  testId: string;
  help?: string;
}) {
  const { t } = useTranslation();
  const now = section.items.find((i) => i.target === 'banners' && Array.isArray(i.value))?.value as PromotionBannersValue | undefined;
  const banners = useDraft<PromotionBannersValue>(now ?? null, promotionBanners);
  if (!banners.draft) return null;
  const draft = banners.draft;
  return (
    <form className="config-form panel" onSubmit={(e) => e.preventDefault()} data-testid={testId}>
      <h3>{t('admin.config.promotion.banners')}</h3>
      {help && <p className="admin-note">{help}</p>}
      <BannerListField label={t('admin.config.promotion.bannerList')} value={draft} onChange={banners.set} />
      <SaveBar canEdit={section.canEdit} movesMoney={false} dirty={banners.dirty} busy={section.busy} problems={banners.problems}
        onReset={banners.reset} onSave={() => void section.save('banners', draft).then((c) => c && banners.settle())} />
    </form>
  );
}
