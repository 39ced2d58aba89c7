import { useTranslation } from 'react-i18next';
import { REFUND_MONEY_FIELDS, REFUND_PERIODS, refundConfig, refundRuleConfig, ruleChangeMovesMoney, type RefundRuleConfig } from '../../../../contract';
import { LoadState } from '../../parts';
import { PendingHere } from '../ChangeCard';
import { useDraft } from '../draft';
import { HtmlField, SelectField } from '../fields';
import { SaveBar } from '../SaveBar';
import { useConfigSection } from '../useConfigSection';
import { OptionalAmountField, PercentField, PromotionBannersForm } from './promotionParts';

/**
 * Refunds: the rule (its figures wait for a second operator; its info text alone applies at
 * once) and the banners members open from the home (at once).
 */
export function RefundSection() {
  const { t } = useTranslation();
  const section = useConfigSection('refund', refundConfig);
  const ruleNow = section.items.find((i) => i.target === 'rule' && !Array.isArray(i.value))?.value as RefundRuleConfig | undefined;
  const rule = useDraft<RefundRuleConfig>(ruleNow ?? null, refundRuleConfig);
  const r = rule.draft;
  const set = <K extends keyof RefundRuleConfig>(key: K, value: RefundRuleConfig[K]) => r && rule.set({ ...r, [key]: value });
  const movesMoney = !!r && ruleChangeMovesMoney(REFUND_MONEY_FIELDS, ruleNow ?? null, r);
  return (
    <section className="config-section" aria-labelledby="config-refund-title">
      <h2 id="config-refund-title">{t('admin.config.sections.refund')}</h2>
      <p className="admin-note">{t('admin.config.refund.help')}</p>
      <LoadState error={section.error} loading={section.loading} empty={false} />
      {r && (
        <form className="config-form panel" onSubmit={(e) => e.preventDefault()} data-testid="config-refund-rule">
          <h3>{t('admin.config.refund.rule')}</h3>
          <div className="admin-form__grid">
            <PercentField label={t('admin.config.refund.percent')} hint={t('admin.config.refund.percentHint')} value={r.percent} onChange={(v) => set('percent', v)} />
            <SelectField label={t('admin.config.refund.period')} value={r.period} options={REFUND_PERIODS}
              optionLabel={(p) => t(`admin.config.refund.periods.${p}`)} onChange={(p) => set('period', p)} />
            <PercentField label={t('admin.config.promotion.success')} hint={t('admin.config.promotion.successHint')} value={r.success} max={10_000} onChange={(v) => set('success', v)} />
            <PercentField label={t('admin.config.promotion.fail')} hint={t('admin.config.promotion.failHint')} value={r.fail} onChange={(v) => set('fail', v)} />
          </div>
          <OptionalAmountField label={t('admin.config.refund.minimum')} hint={t('admin.config.refund.minimumHint')} value={r.minimum}
            onChange={(v) => set('minimum', v)} />
          <HtmlField label={t('admin.config.refund.info')} value={r.info} onChange={(v) => set('info', v)} />
          <SaveBar canEdit={section.canEdit} movesMoney={movesMoney} dirty={rule.dirty} busy={section.busy} problems={rule.problems}
            onReset={rule.reset} onSave={() => void section.save('rule', r).then((c) => c && rule.settle())} />
        </form>
      )}
      <PromotionBannersForm section={section} testId="config-refund-banners" />
      <PendingHere pending={section.pending} onDecided={section.reload} />
    </section>
  );
}
