import type { ConfigSectionName } from '../../../../contract';
import type { AppContext } from '../../../context';
import type { ConfigSection } from '../section';
import { contentSection } from './content';
import { bonusSection } from './bonus';
import { moneySection } from './money';
import { providersSection } from './providers';
import { receivingSection } from './receiving';
import { wheelSection } from './wheel';
import { banksSection, siteSection, sourcesSection } from './site';
import { switchesSection } from './switches';
import { inviteSection } from './invite';
import { refundSection } from './refund';

/**
 * Every configuration section, one file each. A section not listed here does not exist yet:
 * the console does not offer it and its routes answer NOT_FOUND.
 */
export function configSections(ctx: AppContext): Map<ConfigSectionName, ConfigSection> {
  const sections: ConfigSection<any>[] = [
    moneySection(ctx),
    providersSection(ctx),
    receivingSection(ctx),
    wheelSection(ctx),
    siteSection(ctx),
    sourcesSection(ctx),
    banksSection(ctx),
    contentSection(ctx),
    switchesSection(ctx),
    inviteSection(ctx),
    refundSection(ctx),
    bonusSection(),
  ];
  return new Map(sections.map((s) => [s.name, s as ConfigSection]));
}
