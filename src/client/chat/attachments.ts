import { CHAT } from '../../contract/constants';
import type { ChatAttachment } from '../../../machines/chatDeliveryMachine';

/** The file rules of SPEC section 5, checked before anything is sent (the server checks again, by content). */
const IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'gif'];
const VIDEO_EXTENSIONS = ['mp4', 'mov', 'quicktime'];

export type AttachmentCheck =
  | { ok: true; attachment: ChatAttachment }
  | { ok: false; problem: 'notSupported' }
  | { ok: false; problem: 'tooLarge'; limitMb: number };

export function checkAttachment(file: { name: string; size: number; type: string } & Blob): AttachmentCheck {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  // A file needs an extension (SPEC section 5); its type must agree when the browser names one.
  const subtype = file.type.split('/')[1]?.toLowerCase();
  if (!extension) return { ok: false, problem: 'notSupported' };
  const fileType = IMAGE_EXTENSIONS.includes(extension) ? 'image' : VIDEO_EXTENSIONS.includes(extension) ? 'video' : null;
  if (!fileType) return { ok: false, problem: 'notSupported' };
  if (subtype && !(CHAT.allowedTypes as readonly string[]).includes(subtype)) return { ok: false, problem: 'notSupported' };
  const limit = fileType === 'image' ? CHAT.imageMaxBytes : CHAT.videoMaxBytes;
  if (file.size > limit) return { ok: false, problem: 'tooLarge', limitMb: limit / (1024 * 1024) };
  return { ok: true, attachment: { file, fileName: file.name, fileType } };
}

/** What the file picker offers. */
export const ACCEPTED_FILES = 'image/png,image/jpeg,image/gif,video/mp4,video/quicktime,.png,.jpg,.jpeg,.gif,.mp4,.mov';
