import { DomainError } from '../errors';
import type { Settings } from './settings';

/** The setting listing the game providers the operators switched off (codes). */
export const PROVIDERS_CLOSED_KEY = 'providers.closed';

/** The codes a stored value lists (anything else reads as none). */
export const closedCodes = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : [];

/**
 * Which game providers are switched off (the configuration's `providers` section writes the
 * setting). Read through the settings' cache of about a second, so a switch made on one node
 * holds on every node at once. A closed provider takes no new money and launches no game;
 * money already there can always move back to the wallet.
 */
export class ProviderSwitches {
  constructor(private readonly settings: Settings) {}

  async closed(): Promise<ReadonlySet<string>> {
    return new Set(closedCodes(await this.settings.get<unknown>(PROVIDERS_CLOSED_KEY, [])));
  }

  async isOpen(code: string): Promise<boolean> {
    return !(await this.closed()).has(code);
  }

  /** PROVIDER_OFF for a provider switched off: money may not go in, nor a game be launched. */
  async refuseClosed(code: string): Promise<void> {
    if (!(await this.isOpen(code))) throw new DomainError('PROVIDER_OFF', `${code} is switched off`);
  }
}
