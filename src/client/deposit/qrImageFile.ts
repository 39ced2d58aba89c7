/**
 * The QR image as a file the member can keep or send to their banking app (issue 27: a player on
 * a phone cannot scan their own screen). The server's image is a data URL (PNG) or SVG turned
 * into one (`qrImageSource`); banking apps read codes from the photo gallery, which wants a PNG,
 * so an SVG is drawn onto a canvas first.
 */

/** The bytes of a data URL (base64 or percent-encoded), or null when it is not one. */
export const dataUrlToBlob = (url: string): Blob | null => {
  const match = /^data:([^;,]+)((?:;[^;,=]+=[^;,]*)*)(;base64)?,(.*)$/s.exec(url.trim());
  if (!match) return null;
  const [, type, , base64, data] = match;
  if (base64) {
    try {
      const binary = atob(data.replace(/\s/g, ''));
      return new Blob([Uint8Array.from(binary, (c) => c.charCodeAt(0))], { type });
    } catch {
      return null;
    }
  }
  try {
    return new Blob([decodeURIComponent(data)], { type });
  } catch {
    return null;
  }
};

/** "qr-deposit-100.png": the amount in the name, so the member finds it in the gallery. */
export const qrFileName = (amount: number): string => `qr-deposit-${String(amount).replace(/[^\d.]/g, '')}.png`;

/** Draws an image data URL (SVG) onto a white square canvas and answers it as a PNG. */
const rasterise = (src: string, size: number): Promise<Blob> =>
  new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext('2d');
      if (!context) return reject(new Error('no canvas'));
      // A white margin: scanners need the quiet zone around the code.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, size, size);
      const margin = Math.round(size * 0.06);
      context.drawImage(image, margin, margin, size - 2 * margin, size - 2 * margin);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no png'))), 'image/png');
    };
    image.onerror = () => reject(new Error('image did not load'));
    image.src = src;
  });

/** The QR as a PNG blob: the server's PNG as it is, anything else drawn into one. */
export const qrPngBlob = async (src: string): Promise<Blob> => {
  const direct = dataUrlToBlob(src);
  if (direct && direct.type === 'image/png') return direct;
  return rasterise(src, 512);
};

/** The part of `navigator` the share needs (a fake in tests). */
export interface FileSharer {
  canShare?: (data: ShareData) => boolean;
  share?: (data: ShareData) => Promise<void>;
}

/** Whether this browser can share a file (the Web Share API level 2); many desktop browsers cannot. */
export const canShareFile = (sharer: FileSharer | undefined, file: File): boolean =>
  Boolean(sharer?.share && sharer.canShare?.({ files: [file] }));

export type ShareOutcome = 'shared' | 'dismissed' | 'failed';

/** Shares the file; the member closing the share sheet is no failure. */
export const shareFile = async (sharer: FileSharer, file: File, text: string): Promise<ShareOutcome> => {
  try {
    await sharer.share!({ files: [file], title: file.name, text });
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'dismissed' : 'failed';
  }
};
