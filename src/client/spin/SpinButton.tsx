import { useTranslation } from 'react-i18next';

interface SpinButtonProps {
  coins: number;
  spinning: boolean;
  disabled: boolean;
  onSpin: () => void;
}

/**
 * The wheel's centre button (SPEC section 2): a real button that shows the coins; grey and
 * inert at 0 coins or while a spin runs. Its name says what it does and how many coins are left.
 */
export function SpinButton({ coins, spinning, disabled, onSpin }: SpinButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`spin-button${coins <= 0 ? ' spin-button--empty' : ''}`}
      disabled={disabled}
      aria-busy={spinning}
      onClick={onSpin}
      data-testid="spin-button"
    >
      <span className="spin-button__word">{t('spin.spin')}</span>
      <span className="spin-button__coins">{coins}</span>
      {/* The name is the visible text (axe: label-content-name-mismatch) and what the number means. */}
      <span className="visually-hidden"> {t('spin.coins', { count: coins })}</span>
    </button>
  );
}
