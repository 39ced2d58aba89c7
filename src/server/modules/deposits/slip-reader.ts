import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { slipSignature, type SlipImageType } from '../../../contract/slipFile';

export type { SlipImageType };

/** The image type by the file's first bytes (never by its name or the declared type); a PNG too short to hold its header is none. */
export function slipImageType(file: Uint8Array): SlipImageType | undefined {
  const type = slipSignature(file);
  if (type === 'image/png' && file.length <= 24) return undefined;
  if (type === 'image/jpeg' && file.length <= 3) return undefined;
  return type;
}

export type QrReading = { kind: 'found'; text: string } | { kind: 'none' } | { kind: 'too_large' };

/**
 * A phone screenshot is at most about 1440x3200 (4.6 MP; a tablet's 2048x2732 is 5.6 MP). Larger
 * images are refused from their header, before anything is inflated: a small PNG can declare
 * tens of megapixels, and decoding and scanning cost grows with the pixels, not the bytes.
 */
export const MAX_SLIP_PIXELS = 6_000_000;

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

function decode(file: Buffer, type: SlipImageType): Rgba | 'too_large' | undefined {
  try {
    if (type === 'image/png') {
      // Width and height sit in the IHDR chunk: refuse a huge image before inflating it.
      if (file.readUInt32BE(16) * file.readUInt32BE(20) > MAX_SLIP_PIXELS) return 'too_large';
      const png = PNG.sync.read(file);
      return { width: png.width, height: png.height, data: png.data };
    }
    return jpeg.decode(file, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_SLIP_PIXELS / 1e6, maxMemoryUsageInMB: 256 });
  } catch (error) {
    if (error instanceof Error && /maxResolutionInMP|maxMemoryUsageInMB/.test(error.message)) return 'too_large';
    return undefined;
  }
}

/** Every second pixel of every second row: a large photo's QR is often found more easily smaller. */
function halve(image: Rgba): Rgba {
  const width = Math.floor(image.width / 2);
  const height = Math.floor(image.height / 2);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (y * 2 * image.width + x * 2) * 4;
      data.set(image.data.subarray(from, from + 4), (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const scan = (image: Rgba) =>
  jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height)?.data;

/**
 * Finds the QR code on a slip image and answers the text it carries. CPU-bound for up to seconds:
 * the server calls it only inside a slip reading worker (`slip-read-pool.ts`), never on the event loop.
 */
export function readSlipQr(file: Buffer, type: SlipImageType): QrReading {
  const image = decode(file, type);
  if (image === 'too_large') return { kind: 'too_large' };
  if (!image) return { kind: 'none' };
  let text = scan(image);
  if (!text && image.width * image.height > 1_500_000) text = scan(halve(image));
  return text ? { kind: 'found', text } : { kind: 'none' };
}
