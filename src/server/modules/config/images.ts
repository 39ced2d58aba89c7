import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type/node';
import { imageSize } from 'image-size';
import { CONTENT_IMAGE, CONTENT_IMAGE_ID, contentImagePath } from '../../../contract';
import { refuse } from '../../errors';
import type { FileStorage } from '../../providers/storage/adapter';
import type { Actor, AuditLog } from '../admin/audit';

type ImageType = keyof typeof CONTENT_IMAGE.types;
type Extension = (typeof CONTENT_IMAGE.types)[ImageType];

/** The type each stored extension is served as (an id names its extension, chosen from the bytes). */
const TYPE_OF = Object.fromEntries(Object.entries(CONTENT_IMAGE.types).map(([type, ext]) => [ext, type])) as Record<Extension, ImageType>;

/** The types the bytes may show; an animated png is a png to every browser. */
const ACCEPTED: Record<string, ImageType> = { ...Object.fromEntries(Object.keys(CONTENT_IMAGE.types).map((t) => [t, t])), 'image/apng': 'image/png' };

/** Multipart framing around the file (boundaries, part headers) is small; anything far past the limit is refused unread. */
const FRAMING_BYTES = 64 * 1024;

/** A storage key holds letters, digits and '-' only: `image-<sha-256>-<extension>`. */
const keyOf = (id: string) => `image-${id.replace('.', '-')}`;

/** A name as the audit keeps it: no control characters (PostgreSQL's json refuses U+0000), short. */
const printable = (name: string) => [...name].filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f).join('').slice(-200);

export interface StoredImage {
  image: string;
  type: ImageType;
  bytes: number;
  width: number;
  height: number;
}

/**
 * Images operators upload for banners (issue 29). The type is the one the bytes show, never the
 * name's: png, jpeg, webp or gif; SVG is refused (it can carry script), as is anything else, an
 * image over CONTENT_IMAGE.maxBytes or one whose header declares more than maxPixels (a small
 * file can ask every member's phone to decode a billion pixels). An image is kept in the file
 * storage under the sha-256 of its bytes: its address cannot be guessed without the bytes, the
 * same image uploaded twice is one file, and the bytes under an address never change, so
 * browsers keep it for a year. Each upload is an audit line.
 */
export class ContentImages {
  constructor(private readonly deps: { storage: FileStorage; audit: AuditLog }) {}

  async upload(request: FastifyRequest, actor: Actor): Promise<StoredImage> {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > CONTENT_IMAGE.maxBytes + FRAMING_BYTES) refuse('FILE_TOO_LARGE');
    if (!request.isMultipart()) refuse('CHAT_FILE_REQUIRED', 'a multipart body with the image in the field `file`');
    const part = await request.file({ limits: { fileSize: CONTENT_IMAGE.maxBytes, files: 1 } });
    if (!part || part.fieldname !== 'file') refuse('CHAT_FILE_REQUIRED', 'no file in the field `file`');
    const file = part!;
    // At most 2 MB: read whole, to hash it before it is stored under its hash.
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= CONTENT_IMAGE.maxBytes) chunks.push(chunk);
    }
    if (file.file.truncated || size > CONTENT_IMAGE.maxBytes) refuse('FILE_TOO_LARGE', `${size} bytes`);
    if (size === 0) refuse('CHAT_FILE_REQUIRED', 'an empty file');
    const bytes = Buffer.concat(chunks);
    const name = printable(file.filename ?? '');

    const shown = (await fileTypeFromBuffer(bytes))?.mime;
    const type = shown ? ACCEPTED[shown] : undefined;
    if (!type) refuse('FILE_NOT_SUPPORTED', `${name} (${shown ?? 'not an image'})`);
    const { width, height } = dimensionsOf(bytes);
    if (!width || !height) refuse('FILE_NOT_SUPPORTED', `${name} (no size in its header)`);
    if (width * height > CONTENT_IMAGE.maxPixels) refuse('FILE_TOO_LARGE', `${name} (${width}x${height} pixels)`);

    const id = `${createHash('sha256').update(bytes).digest('hex')}.${CONTENT_IMAGE.types[type!]}`;
    await this.keep(keyOf(id), bytes);
    const stored: StoredImage = { image: contentImagePath(id), type: type!, bytes: size, width, height };
    await this.deps.audit.record(actor, { action: 'config.image', targetType: 'config.image', targetId: id, after: { ...stored, name } });
    return stored;
  }

  /** Stores the bytes under their key unless they are there already (the same image uploaded again, on any node). */
  private async keep(key: string, bytes: Buffer) {
    if (await this.exists(key)) return;
    try {
      await this.deps.storage.write(key, Readable.from([bytes]));
    } catch (error) {
      // The same image uploaded at once by another operator: theirs is the same bytes.
      if (await this.exists(key)) return;
      throw error;
    }
  }

  private async exists(key: string) {
    const stream = await this.deps.storage.read(key);
    stream?.destroy();
    return stream !== null;
  }

  /** GET /api/content/images/:id: the image in its own type, no sniffing, no script, cached for a year. */
  async send(id: string, reply: FastifyReply) {
    const match = CONTENT_IMAGE_ID.exec(id);
    if (!match) refuse('NOT_FOUND', 'no such image');
    const stream = await this.deps.storage.read(keyOf(id));
    if (!stream) refuse('NOT_FOUND', 'no such image');
    return reply
      .header('content-type', TYPE_OF[match![1] as Extension])
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${id}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .send(stream);
  }
}

function dimensionsOf(bytes: Buffer): { width: number; height: number } {
  try {
    const { width, height } = imageSize(bytes);
    return { width: width ?? 0, height: height ?? 0 };
  } catch {
    return { width: 0, height: 0 };
  }
}
