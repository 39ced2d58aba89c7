import { z } from 'zod';
import { endpoint, MINUTE_MS } from '../endpoint';
import { idParam } from './common';

/** Content operators publish for members: the images their banners show. */
const tag = 'content';

export const contentImage = endpoint({
  method: 'GET', path: '/api/content/images/:id', access: 'public', tag, download: true,
  summary: 'An image an operator uploaded for a banner, in its own type (png, jpeg, webp or gif); its id names its bytes, so it is cached for a year',
  params: z.object({ id: idParam }),
  response: z.unknown().describe("the image's bytes, as image/png, image/jpeg, image/webp or image/gif"),
  // Members behind one carrier address all load the same few banners; browsers keep them.
  rateLimit: { per: 'address', max: 600, windowMs: MINUTE_MS },
});

export const contentEndpoints = { contentImage };
