import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { assertBlobKey, BlobStore, DEFAULT_CONTENT_TYPE, PutBlobOptions, StoredBlob } from './blob-store.port';

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
    const header = Buffer.from(`${JSON.stringify({ contentType: options.contentType ?? DEFAULT_CONTENT_TYPE })}\n`);
    await this.writeAtomically(path, Buffer.concat([header, data]));
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

  private pathOf(key: string): string {
    assertBlobKey(key);
    return join(this.root, ...key.split('/'));
  }

  /** Temp file beside the target (same filesystem, so rename is atomic), flushed before the rename. */
  private async writeAtomically(path: string, data: Buffer): Promise<void> {
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
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
