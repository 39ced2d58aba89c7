import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WheelIcon } from '../ui/icons';

/**
 * The home's spin widget (SPEC section 2): shown only while a wheel is active, with the
 * member's coins; it opens /user/spin. While no wheel is active its slot shows `fallback`.
 */
export function SpinWidget({ active, coins, fallback }: { active: boolean; coins: number | undefined; fallback: ReactNode }) {
  const { t } = useTranslation();
  if (!active) return <>{fallback}</>;
  return (
    <li>
      <Link to="/user/spin" className="widget" data-testid="widget-spin">
        <span className="widget__icon">
          <WheelIcon size={26} />
        </span>
        <span className="widget__label">{t('home.spinCoins', { count: coins ?? 0 })}</span>
      </Link>
    </li>
  );
}
