import type { ComponentType } from 'react';
import { NavLink } from 'react-router';
import './bottomMenu.css';

interface IconLike {
  size?: number;
  className?: string;
}

export interface BottomMenuItem {
  key: string;
  label: string;
  icon: ComponentType<IconLike>;
  /** A route to go to, or ... */
  to?: string;
  /** ... an action such as opening a modal. */
  onSelect?: () => void;
}

/** The fixed menu at the foot of the column; the current route's item is lit in gold. */
export function BottomMenu({ items, label }: { items: readonly BottomMenuItem[]; label: string }) {
  return (
    <nav className="bottom-menu" aria-label={label}>
      <ul className="bottom-menu__list">
        {items.map(({ key, label: itemLabel, icon: Icon, to, onSelect }) => (
          <li key={key}>
            {to ? (
              <NavLink to={to} className={({ isActive }) => `bottom-menu__item${isActive ? ' is-active' : ''}`} data-testid={`menu-${key}`}>
                <span className="bottom-menu__icon">
                  <Icon size={22} />
                </span>
                <span className="bottom-menu__label">{itemLabel}</span>
              </NavLink>
            ) : (
              <button type="button" className="bottom-menu__item" onClick={onSelect} aria-haspopup="dialog" data-testid={`menu-${key}`}>
                <span className="bottom-menu__icon">
                  <Icon size={22} />
                </span>
                <span className="bottom-menu__label">{itemLabel}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
