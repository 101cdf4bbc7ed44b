import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FilesystemBlobStore } from '../src/blobs/filesystem-blob-store';
import { S3BlobStore } from '../src/blobs/s3-blob-store';
import { loadConfig } from '../src/config';
import { blobStoreContract } from './blob-store.contract';

blobStoreContract('filesystem', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'blob-store-contract-'));
  const store = new FilesystemBlobStore(join(dir, 'blobs'));
  return {
    store,
    cleanup: async () => {
      // Atomic writes leave no temporary files behind once every put has returned.
      const leftovers = readdirSync(join(dir, 'blobs'), { recursive: true }).filter((f) => String(f).endsWith('.tmp'));
      expect(leftovers).toEqual([]);
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

const s3 = loadConfig({ ...process.env, TOKEN_SECRET: 'unused' }).blobS3;
if (s3) {
  blobStoreContract('S3', async () => {
    // A prefix of its own, so the run neither sees nor removes anyone else's objects.
    const store = new S3BlobStore({ ...s3, prefix: `${s3.prefix ? `${s3.prefix}/` : ''}contract-${randomUUID()}` });
    return { store, cleanup: () => store.close() };
  });
} else {
  describe.skip('BlobStore contract: S3 (skipped: set BLOB_S3_BUCKET, and BLOB_S3_ENDPOINT for an S3-compatible store)', () => {
    it('runs the contract against an S3 bucket', () => undefined);
  });
}
