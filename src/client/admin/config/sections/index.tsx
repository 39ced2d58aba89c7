import type { ComponentType } from 'react';
import type { ConfigSectionName } from '../../../../contract';
import { MoneySection } from './MoneySection';
import { ProvidersSection } from './ProvidersSection';
import { ReceivingSection } from './ReceivingSection';

/** The console page of each configuration section (one file each); a section without one is not offered. */
export const SECTION_PAGES: Partial<Record<ConfigSectionName, ComponentType>> = {
  money: MoneySection,
  providers: ProvidersSection,
  receiving: ReceivingSection,
};
