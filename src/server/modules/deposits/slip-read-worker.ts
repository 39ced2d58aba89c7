import { parentPort } from 'node:worker_threads';
import { readSlipQr, type SlipImageType } from './slip-reader';

/** One slip reading thread: decodes the image and scans it for its QR, one slip at a time. */
parentPort!.on('message', (job: { image: Uint8Array; type: SlipImageType }) => {
  const image = Buffer.from(job.image.buffer, job.image.byteOffset, job.image.byteLength);
  parentPort!.postMessage(readSlipQr(image, job.type));
});
