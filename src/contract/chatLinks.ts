/**
 * What a chat message may point at, for the server that accepts an operator's answer and the
 * widget and console that show it: an outside address over https, or a file uploaded to the
 * chat (`/api/chat/files/<uuid>`, read with the customer's identity). Nothing else: no
 * javascript: or data: address, no plain http (a phone on the site's https page would block or
 * warn about it). Zod-free, so the widget's first chunk may use it.
 */

const UPLOAD_PATH = /^\/api\/chat\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The longest address a message may carry. */
export const CHAT_LINK_MAX = 2_000;

/** Where a chat upload is read from (the customer's side). */
export const chatUploadPath = (fileId: string) => `/api/chat/files/${fileId}`;

/** The id of an uploaded chat file a path names, or undefined when it names none. */
export const chatUploadId = (path: string): string | undefined => UPLOAD_PATH.exec(path)?.[1];

/** An absolute https address with a host, no spaces and no user name or password in it. */
export function isHttpsAddress(value: string): boolean {
  // The host comes right after the slashes (a browser reads https:///path as the host "path").
  if (value.length > CHAT_LINK_MAX || !/^https:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A card image or a media file the chat may show: an https address, or one of our uploads. */
export const isAllowedChatSource = (value: string): boolean => isHttpsAddress(value) || chatUploadId(value) !== undefined;
