import { useTranslation } from 'react-i18next';
import { inviteConfig, inviteRuleConfig, type InviteRuleConfig } from '../../../../contract';
import { LoadState } from '../../parts';
import { PendingHere } from '../ChangeCard';
import { useDraft } from '../draft';
import { NumberField } from '../fields';
import { SaveBar } from '../SaveBar';
import { useConfigSection } from '../useConfigSection';
import { OptionalAmountField, PercentField, PromotionBannersForm } from './promotionParts';

/**
 * The invite bonus: its rule (every change waits for a second operator) and the banners members
 * open from the home (at once; `{capPerFriend}` and `{currency}` are filled in each member's currency).
 */
export function InviteSection() {
  const { t } = useTranslation();
  const section = useConfigSection('invite', inviteConfig);
  const ruleNow = section.items.find((i) => i.target === 'rule' && !Array.isArray(i.value))?.value as InviteRuleConfig | undefined;
  const rule = useDraft<InviteRuleConfig>(ruleNow ?? null, inviteRuleConfig);
  const r = rule.draft;
  const set = <K extends keyof InviteRuleConfig>(key: K, value: InviteRuleConfig[K]) => r && rule.set({ ...r, [key]: value });
  return (
    <section className="config-section" aria-labelledby="config-invite-title">
      <h2 id="config-invite-title">{t('admin.config.sections.invite')}</h2>
      <p className="admin-note">{t('admin.config.invite.help')}</p>
      <LoadState error={section.error} loading={section.loading} empty={false} />
      {r && (
        <form className="config-form panel" onSubmit={(e) => e.preventDefault()} data-testid="config-invite-rule">
          <h3>{t('admin.config.invite.rule')}</h3>
          <div className="admin-form__grid">
            <PercentField label={t('admin.config.invite.percent')} hint={t('admin.config.invite.percentHint')} value={r.percent} onChange={(v) => set('percent', v)} />
            <NumberField label={t('admin.config.invite.firstDeposits')} hint={t('admin.config.invite.firstDepositsHint')} value={r.firstDeposits} min={0} max={100}
              onChange={(v) => set('firstDeposits', v ?? 0)} />
            <PercentField label={t('admin.config.promotion.success')} hint={t('admin.config.invite.successHint')} value={r.success} max={10_000} onChange={(v) => set('success', v)} />
            <PercentField label={t('admin.config.promotion.fail')} hint={t('admin.config.promotion.failHint')} value={r.fail} onChange={(v) => set('fail', v)} />
          </div>
          <OptionalAmountField label={t('admin.config.invite.capPerFriend')} hint={t('admin.config.invite.capPerFriendHint')} value={r.capPerFriend}
            onChange={(v) => set('capPerFriend', v)} />
          <SaveBar canEdit={section.canEdit} movesMoney dirty={rule.dirty} busy={section.busy} problems={rule.problems}
            onReset={rule.reset} onSave={() => void section.save('rule', r).then((c) => c && rule.settle())} />
        </form>
      )}
      <PromotionBannersForm section={section} testId="config-invite-banners" help={t('admin.config.invite.bannersHelp')} />
      <PendingHere pending={section.pending} onDecided={section.reload} />
    </section>
  );
}
