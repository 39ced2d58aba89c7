import type { SVGProps } from 'react';

/** The game's sound toggle icons, in the style of ui/icons (24 × 24, currentColor, hidden from screen readers). */
type IconProps = SVGProps<SVGSVGElement> & { size?: number; on: boolean };

export const SoundIcon = ({ size = 22, on, ...rest }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...rest}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
    {on ? <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" /> : <path d="M16 9.5l5 5M21 9.5l-5 5" />}
  </svg>
);
