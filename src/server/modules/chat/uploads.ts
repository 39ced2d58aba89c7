import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type/node';
import { imageSize } from 'image-size';
import { CHAT } from '../../../contract';
import type { Clock } from '../../clock';
import { refuse } from '../../errors';
import type { FileStorage } from '../../providers/storage/adapter';
import { chatFilePath } from './conversations';
import type { UploadBudget } from './upload-budget';

export type UploadKind = 'image' | 'video';

/**
 * What each upload takes (SPEC section 5): the name's extension and the type its first bytes
 * show must both be allowed and agree. 'quicktime' is the spec's name for .mov files.
 */
const RULES: Record<UploadKind, { maxBytes: number; types: Record<string, readonly string[]> }> = {
  image: {
    maxBytes: CHAT.imageMaxBytes,
    types: { 'image/png': ['png'], 'image/jpeg': ['jpg', 'jpeg'], 'image/gif': ['gif'] },
  },
  video: {
    maxBytes: CHAT.videoMaxBytes,
    // Phones label either container .mp4 or .mov; both are ISO media files.
    types: { 'video/mp4': ['mp4', 'mov', 'quicktime'], 'video/quicktime': ['mov', 'quicktime', 'mp4'] },
  },
};

/** Multipart framing around the file (boundaries, part headers) is small; anything far past the limit is refused unread. */
const FRAMING_BYTES = 64 * 1024;

export const uploadLimit = (kind: UploadKind) => RULES[kind].maxBytes;

const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase();

/**
 * One upload: checks the declared size and the address's byte budget, then streams the file
 * part through a type sniffer into storage (never whole in memory). A file over the limit, of
 * another type by its bytes, with a name that disagrees, or past the address's or the
 * conversation's byte budget (REQUEST_LIMIT) is refused with its code and leaves nothing stored.
 * A kept file waits for a message to name it; unsent, it is swept (unsent-uploads.ts).
 */
export async function receiveUpload(
  deps: { budget: UploadBudget; storage: FileStorage; clock: Clock },
  request: FastifyRequest,
  kind: UploadKind,
  conversationId: () => Promise<string>,
): Promise<{ path: string }> {
  const rule = RULES[kind];
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > rule.maxBytes + FRAMING_BYTES) refuse('FILE_TOO_LARGE');
  if (!request.isMultipart()) refuse('CHAT_FILE_REQUIRED');
  // Refused unread when the address has no room left for it (guest ids are free; the address is not).
  await deps.budget.refuseWhenSpent({ ip: request.ip }, declared);
  const part = await request.file({ limits: { fileSize: rule.maxBytes, files: 1 } });
  if (!part || part.fieldname !== 'file') refuse('CHAT_FILE_REQUIRED');
  const file = part!;
  const extension = extensionOf(file.filename);
  const { sample, body, drain } = await sampleOf(file.file, kind === 'image' ? IMAGE_HEADER_BYTES : SAMPLE_BYTES);
  if (sample.length === 0) refuse('CHAT_FILE_REQUIRED');
  const mime = (await fileTypeFromBuffer(sample))?.mime;
  const allowed = mime ? rule.types[mime] : undefined;
  if (!allowed || !extension || !allowed.includes(extension)) {
    // Let the rest of the part flow past, so the answer can go out.
    await drain();
    refuse('FILE_NOT_SUPPORTED', `${file.filename} (${mime ?? 'unknown bytes'})`);
  }
  if (kind === 'image') {
    const pixels = pixelsOf(sample);
    if (pixels === undefined || pixels > CHAT.imageMaxPixels) {
      await drain();
      refuse(pixels === undefined ? 'FILE_NOT_SUPPORTED' : 'FILE_TOO_LARGE', `${file.filename} (${pixels ?? 'no size'} pixels)`);
    }
  }

  const owner = await conversationId();
  const id = randomUUID();
  const size = await deps.storage.write(id, body);
  if (file.file.truncated || size > rule.maxBytes) {
    await deps.storage.remove(id);
    refuse('FILE_TOO_LARGE');
  }
  try {
    // The exact count, now the size is known: uploads at once on any node cannot both take the last of a budget.
    await deps.budget.spend({ ip: request.ip, conversationId: owner }, size, (trx) => trx
      .insertInto('chat_file')
      .values({
        id, conversation_id: owner, file_type: kind, mime: mime!, name: file.filename.slice(-200), size_bytes: size, storage_key: id,
        uploader_ip: request.ip, created_at: deps.clock.now(), attached_at: null,
      })
      .execute()
      .then(() => undefined));
  } catch (error) {
    await deps.storage.remove(id);
    throw error;
  }
  return { path: chatFilePath(id) };
}

/** Enough of a file's start to know its type by its magic bytes. */
const SAMPLE_BYTES = 4100;
/** Enough of an image's start to hold its size (a JPEG's comes after its EXIF and colour profile). */
const IMAGE_HEADER_BYTES = 256 * 1024;

/**
 * The pixels an image's header declares, or undefined when the header does not say. A file of a
 * few kilobytes can declare a billion pixels, and every browser that shows it in the chat would
 * decode them all: such an image is refused from its header, as slips are.
 */
function pixelsOf(header: Buffer): number | undefined {
  try {
    const { width, height } = imageSize(header);
    return width && height ? width * height : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the first `size` bytes of a stream (or all of a shorter one) and gives back a stream of
 * the whole, sample first, so the file is still only streamed, never held whole.
 */
async function sampleOf(stream: Readable, size: number) {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    length += next.value.length;
  }
  const sample = Buffer.concat(head);
  async function* whole() {
    yield sample;
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  return {
    sample,
    body: Readable.from(whole(), { objectMode: false }),
    drain: async () => {
      if (ended) return;
      for (let next = await chunks.next(); !next.done; next = await chunks.next());
    },
  };
}
