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
  note,
}: {
  icon: ComponentType<{ size?: number; className?: string }>;
  label: string;
  value: string;
  testId?: string;
  action?: ReactNode;
  /** A second, smaller line under the value (the value in the member's language, when it differs). */
  note?: string | null;
}) {
  return (
    <div className="profile__row" data-testid={testId}>
      <dt className="profile__label">
        <Icon size={20} className="profile__row-icon" />
        {label}
      </dt>
      <dd className="profile__value">
        <span className="profile__value-text">
          {value}
          {note && <span className="profile__value-note">{note}</span>}
        </span>
        {action && <span className="profile__row-actions">{action}</span>}
      </dd>
    </div>
  );
}
