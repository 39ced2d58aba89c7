/**
 * Which slip files the server reads: PNG and JPEG, told by their first bytes (magic numbers),
 * never by the file's name or declared type. The client checks the same bytes before sending
 * (issue 28: a file that was not a picture uploaded and showed a broken preview).
 */
export type SlipImageType = 'image/png' | 'image/jpeg';

/** How many of the file's first bytes tell its type. */
export const SLIP_SIGNATURE_BYTES = 8;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** The image type the file's first bytes announce, or undefined for anything the server refuses. */
export function slipSignature(head: Uint8Array): SlipImageType | undefined {
  if (head.length >= PNG.length && PNG.every((b, i) => head[i] === b)) return 'image/png';
  if (head.length >= JPEG.length && JPEG.every((b, i) => head[i] === b)) return 'image/jpeg';
  return undefined;
}
