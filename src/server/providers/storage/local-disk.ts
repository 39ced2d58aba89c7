import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { STORAGE_KEY, type FileStorage } from './adapter';

/**
 * Files in one folder on the local disk. A file is written under a temporary name and renamed
 * when complete, so a reader never sees half a file and a failed upload leaves nothing behind.
 * Several server processes on one machine (or one shared volume) see the same files.
 */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  private pathOf(key: string) {
    if (!STORAGE_KEY.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(this.dir, key);
  }

  async write(key: string, bytes: Readable): Promise<number> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(this.dir, { recursive: true });
    const partial = `${target}.partial`;
    let written = 0;
    bytes.on('data', (chunk: Buffer) => {
      written += chunk.length;
    });
    try {
      await pipeline(bytes, fs.createWriteStream(partial, { flags: 'wx' }));
      await fs.promises.rename(partial, target);
    } catch (error) {
      await fs.promises.rm(partial, { force: true });
      throw error;
    }
    return written;
  }

  async read(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      await fs.promises.access(file, fs.constants.R_OK);
    } catch {
      return null;
    }
    return fs.createReadStream(file);
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
