import type { Readable } from 'node:stream';

/**
 * Where uploaded files are kept (chat media). The default keeps them on the local disk; another
 * adapter (object storage) implements the same three calls. Keys are made by the caller and
 * contain only letters, digits and '-'.
 */
export interface FileStorage {
  /** Streams the bytes in under the key; resolves with the bytes written. Never buffers the whole file. */
  write(key: string, bytes: Readable): Promise<number>;
  /** The stored bytes, or null when the key holds nothing. */
  read(key: string): Promise<Readable | null>;
  /** Forgets the key; a missing key is not an error. */
  remove(key: string): Promise<void>;
}

export const STORAGE_KEY = /^[A-Za-z0-9-]{1,100}$/;
