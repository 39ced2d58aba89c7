import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_CATEGORIES, providerConfig, type ProviderConfig } from '../../../../contract';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { LoadState } from '../../parts';
import { useConfigSection } from '../useConfigSection';

type Item = { target: string; value: ProviderConfig };

/**
 * A switch per game provider, by category, with how many members hold money there. A switch
 * applies at once on every server; closing a provider asks first, saying what members keep
 * (their money there, which they can move back to the wallet) and what stops (play, transfers in).
 */
export function ProvidersSection() {
  const { t } = useTranslation();
  const section = useConfigSection('providers', providerConfig);
  const [closing, setClosing] = useState<Item | null>(null);
  const save = (item: Item, open: boolean) => section.save(item.target, { open });
  const nameOf = (item: Item) => item.value.facts?.name ?? item.target;

  const groups = GAME_CATEGORIES.map((category) => ({
    category,
    items: section.items.filter((i) => (i.value.facts?.category ?? 'slot') === category),
  })).filter((g) => g.items.length > 0);

  return (
    <section className="config-section" aria-labelledby="config-providers-title">
      <h2 id="config-providers-title">{t('admin.config.sections.providers')}</h2>
      <p className="admin-note">{t('admin.config.providers.help')}</p>
      <p className="admin-note">{section.canEdit ? t('admin.config.appliesAtOnce') : t('admin.config.readOnly')}</p>
      <LoadState error={section.error} loading={section.loading} empty={false} />
      {groups.map(({ category, items }) => (
        <div key={category} className="config-form panel">
          <h3 id={`config-providers-${category}`}>{t(`wallet.category.${category}`)}</h3>
          <ul className="config-providers" aria-labelledby={`config-providers-${category}`}>
            {items.map((item) => {
              const holders = item.value.facts?.holders ?? 0;
              const id = `config-provider-${item.target}`;
              return (
                <li key={item.target} className="config-provider" data-testid={id} data-open={item.value.open}>
                  <div className="config-provider__text">
                    <label htmlFor={id} className="config-provider__name">{nameOf(item)}</label>
                    <span className="config-provider__facts">
                      <code>{item.target}</code>
                      <span className={`admin-badge admin-badge--${item.value.open ? 'active' : 'locked'}`}>
                        {item.value.open ? t('admin.config.providers.on') : t('admin.config.providers.off')}
                      </span>
                    </span>
                    <span className="config-provider__holders" data-testid={`${id}-holders`}>
                      {t('admin.config.providers.holders', { count: holders })}
                    </span>
                  </div>
                  <input
                    id={id}
                    type="checkbox"
                    role="switch"
                    className="config-switch__input"
                    checked={item.value.open}
                    disabled={!section.canEdit || section.busy}
                    aria-describedby={`${id}-holders`}
                    onChange={(e) => (e.target.checked ? void save(item, true) : setClosing(item))}
                  />
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      <ConfirmDialog
        open={closing !== null}
        title={closing ? t('admin.config.providers.closeTitle', { name: nameOf(closing) }) : ''}
        confirmLabel={t('admin.config.providers.close')}
        busy={section.busy}
        onCancel={() => setClosing(null)}
        onConfirm={() => {
          const item = closing;
          setClosing(null);
          if (item) void save(item, false);
        }}
        confirmTestId="config-provider-close"
      >
        <p>{closing && t('admin.config.providers.closeBody', { name: nameOf(closing), count: closing.value.facts?.holders ?? 0 })}</p>
      </ConfirmDialog>
    </section>
  );
}
