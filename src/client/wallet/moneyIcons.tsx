import { Svg, type IconProps } from '../ui/icons';

/** Icons of the money screens, drawn in the app's icon frame (ui/icons). */
export const WalletIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3" />
    <rect x="3.5" y="8" width="17" height="11.5" rx="2.5" />
    <path d="M16 13.75h2.5" />
  </Svg>
);

/** Money leaving the wallet for the bank. */
export const WithdrawIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3.5" y="10" width="17" height="10" rx="2.5" />
    <path d="M12 3v9M8.5 6.5L12 3l3.5 3.5" />
    <circle cx="12" cy="15" r="1.6" />
  </Svg>
);

/** Money arriving in the wallet. */
export const DepositIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3.5" y="10" width="17" height="10" rx="2.5" />
    <path d="M12 2.5v9M8.5 8L12 11.5 15.5 8" />
    <circle cx="12" cy="15.5" r="1.6" />
  </Svg>
);

/** Money moving between the wallet and a game. */
export const TransferIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 8h14M14.5 4.5L18 8l-3.5 3.5" />
    <path d="M20 16H6M9.5 12.5L6 16l3.5 3.5" />
  </Svg>
);

export const RefreshIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8" />
    <path d="M4 4v4h4" />
    <path d="M4 13a8 8 0 0 0 14.3 4.9L20 16" />
    <path d="M20 20v-4h-4" />
  </Svg>
);

export const BonusIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4l-5.2 2.7 1-5.8L3.5 9.2l5.9-.9z" />
  </Svg>
);

/** A bonus that ended: the finish flag. */
export const FinishIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 21V4" />
    <path d="M5 4h13l-2.5 4L18 12H5" />
  </Svg>
);

export const GameIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="2.5" y="7" width="19" height="11" rx="5.5" />
    <path d="M7.5 10.5v4M5.5 12.5h4" />
    <circle cx="15.5" cy="11.5" r="0.9" fill="currentColor" />
    <circle cx="17.8" cy="13.8" r="0.9" fill="currentColor" />
  </Svg>
);

export const ChevronLeftIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M15 6l-6 6 6 6" />
  </Svg>
);

export const ChevronRightIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9 6l6 6-6 6" />
  </Svg>
);
