import { useRef, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';

export interface MethodTab<K extends string> {
  key: K;
  label: string;
  icon: ComponentType<{ size?: number }>;
}

/**
 * The deposit methods as ARIA tabs: one tab stop, arrow keys (and Home/End) move between tabs
 * and select them, the panel follows.
 */
export function MethodTabs<K extends string>({
  tabs,
  selected,
  onSelect,
  label,
  idPrefix,
  children,
}: {
  tabs: MethodTab<K>[];
  selected: K;
  onSelect: (key: K) => void;
  label: string;
  idPrefix: string;
  children: ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);
  const focusTab = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    onSelect(tab.key);
    list.current?.querySelector<HTMLButtonElement>(`[data-tab="${tab.key}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const current = tabs.findIndex((tab) => tab.key === selected);
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    focusTab(moves[event.key]);
  };
  if (tabs.length === 0) return null;
  return (
    <>
      {tabs.length > 1 && (
        <div ref={list} role="tablist" aria-label={label} className={`method-tabs method-tabs--${tabs.length}`} onKeyDown={onKeyDown}>
          {tabs.map(({ key, label: tabLabel, icon: Icon }) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${key}`}
              aria-selected={key === selected}
              aria-controls={`${idPrefix}-panel`}
              tabIndex={key === selected ? 0 : -1}
              className="method-tab"
              data-tab={key}
              data-testid={`deposit-tab-${key}`}
              onClick={() => onSelect(key)}
            >
              <Icon size={22} />
              <span className="method-tab__label">{tabLabel}</span>
            </button>
          ))}
        </div>
      )}
      <div
        id={`${idPrefix}-panel`}
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={tabs.length > 1 ? `${idPrefix}-tab-${selected}` : undefined}
        className="method-panel"
        data-testid={`deposit-panel-${selected}`}
      >
        {children}
      </div>
    </>
  );
}
