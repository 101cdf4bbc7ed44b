import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, BlobReadStream, BlobStore, DEFAULT_CONTENT_TYPE, PutBlobOptions, PutStreamOptions, StoredBlob } from './blob-store.port';

/** The header line is a short JSON object: a content type is at most a few hundred bytes. */
const MAX_HEADER_BYTES = 4096;

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Blobs as files under one root folder (`DATA_DIR/blobs`). Each write goes to a temporary file in the target's
 * folder and is renamed over the target, so readers see the old or the new file whole, and a crash leaves at
 * most a stray temporary file. The content type is the file's first line (a JSON header), so bytes and type
 * are replaced together by the one rename.
 */
export class FilesystemBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer, options: PutBlobOptions = {}): Promise<void> {
    const path = this.pathOf(key);
    await fs.mkdir(dirname(path), { recursive: true });
    await this.writeAtomically(path, Buffer.concat([this.header(options), data]));
  }

  /** Streams into a temporary file beside the target, flushed, then renamed over it: readers never see a part. */
  async putStream(key: string, stream: Readable, options: PutStreamOptions = {}): Promise<{ size: number }> {
    const path = this.pathOf(key);
    await fs.mkdir(dirname(path), { recursive: true });
    const temp = this.tempOf(path);
    let size = 0;
    try {
      const out = createWriteStream(temp, { mode: 0o600 });
      out.write(this.header(options));
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(stream, count, out);
      const handle = await fs.open(temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, path);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
    return { size };
  }

  async getStream(key: string): Promise<BlobReadStream | null> {
    const path = this.pathOf(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(path, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const { size: fileSize } = await handle.stat();
      const head = Buffer.alloc(Math.min(MAX_HEADER_BYTES, fileSize));
      await handle.read(head, 0, head.length, 0);
      const end = head.indexOf(0x0a);
      const header = JSON.parse(head.subarray(0, end).toString('utf8')) as { contentType?: string };
      // The stream reads through the descriptor already open, so a rename over the file meanwhile changes nothing.
      const stream = createReadStream('', { fd: handle, start: end + 1, autoClose: true });
      return { stream, size: fileSize - end - 1, contentType: header.contentType ?? DEFAULT_CONTENT_TYPE };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async get(key: string): Promise<StoredBlob | null> {
    let file: Buffer;
    try {
      file = await fs.readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const end = file.indexOf(0x0a);
    const header = JSON.parse(file.subarray(0, end).toString('utf8')) as { contentType?: string };
    return { data: file.subarray(end + 1), contentType: header.contentType ?? DEFAULT_CONTENT_TYPE };
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async close(): Promise<void> {}

  private header(options: PutBlobOptions): Buffer {
    return Buffer.from(`${JSON.stringify({ contentType: options.contentType ?? DEFAULT_CONTENT_TYPE })}\n`);
  }

  private tempOf(path: string): string {
    return `${path}.${randomBytes(6).toString('hex')}.tmp`;
  }

  private pathOf(key: string): string {
    assertBlobKey(key);
    return join(this.root, ...key.split('/'));
  }

  /** Temp file beside the target (same filesystem, so rename is atomic), flushed before the rename. */
  private async writeAtomically(path: string, data: Buffer): Promise<void> {
    const temp = this.tempOf(path);
    const handle = await fs.open(temp, 'w', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.rename(temp, path);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }
}
