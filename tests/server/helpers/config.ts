import type { FastifyInstance } from 'fastify';
import { configEndpoints as e, type ConfigChangeStatus, type ConfigSectionName } from '../../../src/contract';
import { contractCaller } from './contract-call';
import { operatorWith } from './operators';

/** The console's configuration calls, by their contract entries, as the operator of `token`. */
export function configClient(app: FastifyInstance, token: string) {
  const call = contractCaller(app, token);
  return {
    sections: () => call(e.adminConfigSections),
    section: (section: ConfigSectionName) => call(e.adminConfigSection, { params: { section } }),
    /** The item's value now (the test reads it back). */
    value: async (section: ConfigSectionName, target: string) =>
      (await call(e.adminConfigSection, { params: { section } })).answer().items.find((i) => i.target === target)?.value,
    change: (section: ConfigSectionName, target: string, value: unknown) => call(e.adminConfigChange, { params: { section, target }, body: { value } }),
    changes: (status: ConfigChangeStatus = 'pending') => call(e.adminConfigChanges, { query: { status, page: 1 } }),
    approve: (id: string) => call(e.adminApproveConfigChange, { params: { id } }),
    reject: (id: string, note?: string) => call(e.adminRejectConfigChange, { params: { id }, body: { note } }),
    preview: (html: { th: string; la: string; en: string }) => call(e.adminConfigPreview, { body: { html } }),
  };
}

/** An admin, a finance and a support operator, each independent of the others, with their configuration calls. */
export async function configPeople(app: FastifyInstance) {
  const [admin, finance, support] = await Promise.all([operatorWith(app, 'admin'), operatorWith(app, 'finance'), operatorWith(app, 'support')]);
  return {
    admin: { ...admin, config: configClient(app, admin.token) },
    finance: { ...finance, config: configClient(app, finance.token) },
    support: { ...support, config: configClient(app, support.token) },
  };
}
