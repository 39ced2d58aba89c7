import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../contract/constants';
import { formatAmount } from '../format';
import { Pagination } from '../statement/Pagination';
import type { SpinCoupon } from '../../../machines/spinMachine';

interface CouponTableProps {
  coupons: SpinCoupon[];
  currency: string;
  /** Claim is offered only while the page can take it. */
  canClaim: boolean;
  onClaim: (coupon: SpinCoupon) => void;
}

/** SPEC section 2: the member's prize coupons, 3 per page: index, slice, prize, amount, Claim. */
export function CouponTable({ coupons, currency, canClaim, onClaim }: CouponTableProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(coupons.length / PAGE_SIZES.coupon));
  const current = Math.min(page, pages);
  const first = (current - 1) * PAGE_SIZES.coupon;
  const shown = coupons.slice(first, first + PAGE_SIZES.coupon);

  return (
    <section className="coupons panel" aria-labelledby="coupons-title">
      <h2 id="coupons-title" className="coupons__title">
        {t('spin.coupons')}
      </h2>
      {coupons.length === 0 ? (
        <p className="coupons__empty" data-testid="coupons-empty">
          {t('spin.noCoupons')}
        </p>
      ) : (
        <table className="coupons__table" data-testid="coupon-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('spin.slice')}</th>
              <th scope="col">{t('spin.prize')}</th>
              <th scope="col">{t('spin.amount')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('spin.claim')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((coupon, i) => (
              <tr key={coupon._id} data-testid="coupon-row">
                <td>{first + i + 1}</td>
                <td>{coupon.prize.slice}</td>
                <td>{coupon.prize.name}</td>
                <td className="coupons__amount">
                  {formatAmount(coupon.amount)} <span className="coupons__currency">{currency}</span>
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn--gold btn--small"
                    disabled={!canClaim}
                    onClick={() => onClaim(coupon)}
                    aria-label={t('spin.claimCoupon', { prize: coupon.prize.slice })}
                  >
                    {t('spin.claim')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={current} pages={pages} onPage={setPage} />
    </section>
  );
}
