import type { ComponentType, ReactNode } from 'react';

/** One read-only line of the profile: icon, label, value, and optional buttons. */
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
      <Icon size={20} className="profile__row-icon" />
      <div className="profile__row-text">
        <dt className="profile__label">{label}</dt>
        <dd className="profile__value">{value}</dd>
      </div>
      {action && <div className="profile__row-actions">{action}</div>}
    </div>
  );
}
