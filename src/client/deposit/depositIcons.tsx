import { Svg, type IconProps } from '../ui/icons';

// Icons of the deposit modal, drawn in the app's icon frame (ui/icons).
/** A bank building: transfers to an account. */
export const BankTransferIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3.5 9L12 4.5 20.5 9" />
    <path d="M5 10v7M9.7 10v7M14.3 10v7M19 10v7" />
    <path d="M3.5 19.5h17" />
  </Svg>
);

export const QrIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="4" y="4" width="6" height="6" rx="1" />
    <rect x="14" y="4" width="6" height="6" rx="1" />
    <rect x="4" y="14" width="6" height="6" rx="1" />
    <path d="M14 14h2.5v2.5H14zM17.5 17.5H20V20h-2.5zM14 19.5h1.5M19.5 14v1.5" />
  </Svg>
);

/** A gift box with a link: a True Wallet gift voucher. */
export const GiftLinkIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="4" y="9" width="16" height="11" rx="2" />
    <path d="M3 9h18M12 9v11" />
    <path d="M12 9c-1.5-3.5-5-4-5-1.5S10 9 12 9zM12 9c1.5-3.5 5-4 5-1.5S14 9 12 9z" />
  </Svg>
);

/** A slip with an arrow up: upload the transfer slip. */
export const SlipUploadIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 3.5h8l4 4v13H6z" />
    <path d="M14 3.5v4h4" />
    <path d="M12 17.5v-6M9.5 14L12 11.5 14.5 14" />
  </Svg>
);

export const ImageIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3.5" y="5" width="17" height="14" rx="2" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="M20.5 16l-5-5-8.5 8" />
  </Svg>
);

export const ClockIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Svg>
);
