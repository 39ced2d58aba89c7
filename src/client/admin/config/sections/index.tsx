import type { ComponentType } from 'react';
import type { ConfigSectionName } from '../../../../contract';
import { BanksSection } from './BanksSection';
import { BonusSection } from './BonusSection';
import { MoneySection } from './MoneySection';
import { ProvidersSection } from './ProvidersSection';
import { ReceivingSection } from './ReceivingSection';
import { WheelSection } from './WheelSection';
import { SiteSection } from './SiteSection';
import { SourcesSection } from './SourcesSection';
import { ContentSection } from './ContentSection';
import { SwitchesSection } from './SwitchesSection';
import { InviteSection } from './InviteSection';
import { RefundSection } from './RefundSection';

/** The console page of each configuration section (one file each); a section without one is not offered. */
export const SECTION_PAGES: Partial<Record<ConfigSectionName, ComponentType>> = {
  money: MoneySection,
  providers: ProvidersSection,
  receiving: ReceivingSection,
  wheel: WheelSection,
  site: SiteSection,
  sources: SourcesSection,
  banks: BanksSection,
  content: ContentSection,
  switches: SwitchesSection,
  invite: InviteSection,
  refund: RefundSection,
  bonus: BonusSection,
};
