import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeOperatorHtml } from '../format/safeHtml';
import { useReducedMotion } from '../scene/lobby/cardArt';
import { Dialog } from '../ui/Dialog';
import { FallbackBoundary } from '../ui/FallbackBoundary';
import type { WheelSlice } from '../../../machines/spinMachine';

// three, R3F and drei load only when a prize is shown, in their own chunk.
const PrizeCoin3D = lazy(() => import('../scene/prize/PrizeCoin3D'));

const webglAvailable = () => {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
};

/**
 * The still coin: shown without WebGL, with reduced motion, and while the 3D chunk loads; greyed
 * for a slice without a prize, which gets no celebration.
 */
function StaticCoin({ none = false }: { none?: boolean }) {
  return (
    <svg
      className={`prize-reveal__static${none ? ' prize-reveal__static--none' : ''}`}
      viewBox="0 0 120 120"
      aria-hidden="true"
      data-testid={none ? 'prize-none' : 'prize-static'}
    >
      <defs>
        <radialGradient id="prize-coin" cx="40%" cy="35%" r="70%">
          <stop offset="0" stopColor="#fff1b8" />
          <stop offset="0.55" stopColor="#f5c451" />
          <stop offset="1" stopColor="#a8740c" />
        </radialGradient>
      </defs>
      <circle cx="60" cy="60" r="46" fill="url(#prize-coin)" stroke="#7a5200" strokeWidth="3" />
      <circle cx="60" cy="60" r="34" fill="none" stroke="#fff1b8" strokeWidth="3" opacity="0.8" />
      <path d="M60 38l6.5 13.2 14.5 2.1-10.5 10.2 2.5 14.5L60 71.2 47 78l2.5-14.5L39 53.3l14.5-2.1z" fill="#fff8db" />
    </svg>
  );
}

interface PrizeDialogProps {
  open: boolean;
  slice: WheelSlice | null;
  /** The slice gave a prize coupon; a "try again" slice is not called a win. */
  prize: boolean;
  onClose: () => void;
}

/** SPEC section 2: the prize-won dialog, opened when the wheel settles on the server's slice. */
export function PrizeDialog({ open, slice, prize, onClose }: PrizeDialogProps) {
  const { t } = useTranslation();
  const reducedMotion = useReducedMotion();
  const [threeD] = useState(webglAvailable);
  const still = <StaticCoin />;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={prize ? t('spin.prizeTitle') : t('spin.noPrizeTitle')}
      footer={
        <button type="button" className="btn btn--gold" onClick={onClose} data-autofocus data-testid="prize-close">
          {t('common.ok')}
        </button>
      }
    >
      <div className="prize-reveal" data-testid="prize-dialog">
        {open && !prize && <StaticCoin none />}
        {open && prize && (threeD && !reducedMotion ? (
          <FallbackBoundary fallback={still}>
            <Suspense fallback={still}>
              <PrizeCoin3D />
            </Suspense>
          </FallbackBoundary>
        ) : still)}
      </div>
      {slice && (
        <>
          <p className="prize-reveal__label" data-testid="prize-label">
            {slice.label}
          </p>
          <div className="prize-reveal__text" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(slice.htmlDescription) }} />
        </>
      )}
    </Dialog>
  );
}
