import type { ComponentType, ReactNode } from 'react';

/**
 * One read-only line of the profile: icon, label, value, and optional buttons. A description
 * list allows only dt and dd inside its row's div, so the icon sits in the dt and the buttons
 * in the dd (axe: definition-list, dlitem).
 */
export function Row({
  icon: Icon,
  label,
  value,
  testId,
  action,
}: {
  icon: ComponentType<{ size?: number; className?: string }>;
  label: string;
  value: string;
  testId?: string;
  action?: ReactNode;
}) {
  return (
    <div className="profile__row" data-testid={testId}>
      <dt className="profile__label">
        <Icon size={20} className="profile__row-icon" />
        {label}
      </dt>
      <dd className="profile__value">
        <span className="profile__value-text">{value}</span>
        {action && <span className="profile__row-actions">{action}</span>}
      </dd>
    </div>
  );
}
