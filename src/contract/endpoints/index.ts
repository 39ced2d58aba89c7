import { lookupEndpoints } from './lookup';
import { accountEndpoints } from './account';
import { forgotPasswordEndpoints } from './forgotPassword';
import { otpEndpoints } from './otp';
import { walletEndpoints } from './wallet';
import { inviteEndpoints } from './invite';
import { refundEndpoints } from './refund';
import { spinEndpoints } from './spin';
import { qrEndpoints } from './qr';
import { autoLoginEndpoints } from './autologin';
import { bonusEndpoints } from './bonus';
import { promotionEndpoints } from './promotion';
import { statementEndpoints } from './statement';
import { chatEndpoints } from './chat';
import { sandboxEndpoints } from './sandbox';
import { bankFeedEndpoints } from './bankFeed';
import { contentEndpoints } from './content';
import { saferPlayEndpoints } from './saferPlay';
import { pushEndpoints } from './push';

/** Every endpoint of the API, keyed by the name of its typed client call. */
export const endpoints = {
  ...lookupEndpoints,
  ...accountEndpoints,
  ...forgotPasswordEndpoints,
  ...otpEndpoints,
  ...walletEndpoints,
  ...inviteEndpoints,
  ...refundEndpoints,
  ...spinEndpoints,
  ...qrEndpoints,
  ...bankFeedEndpoints,
  ...autoLoginEndpoints,
  ...bonusEndpoints,
  ...promotionEndpoints,
  ...statementEndpoints,
  ...chatEndpoints,
  ...sandboxEndpoints,
  ...contentEndpoints,
  ...saferPlayEndpoints,
  ...pushEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** The launch calls of the providers with their own login handler, and the launch answer's shapes. */
export { launchAnswer, launchForm, PROVIDER_LAUNCH_CALLS } from './autologin';
