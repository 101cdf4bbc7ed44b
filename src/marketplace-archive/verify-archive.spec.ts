import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FilesystemBlobStore } from '../blobs/filesystem-blob-store';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { exportMarketplace } from './export-marketplace';
import { ArchiveRefusedError } from './read-archive';
import { verifyArchive } from './verify-archive';

const MP = '9801994a-aeb1-467a-ae49-597b62fd7313';

/** An archive of one marketplace whose user/created events were written in shape version `shapeVersion`. */
const archiveWith = async (folder: string, shapeVersion: number | undefined): Promise<string> => {
  const db = new Database(':memory:');
  const events = new SqliteEventStore(db);
  const metadata = { marketplaceId: MP, createdAt: '2026-01-01T00:00:00.000Z', public: true, ...(shapeVersion ? { shapeVersion } : {}) };
  await events.append([{ streamId: `${MP}:user-1`, expectedRevision: 'no_stream', events: [{ type: 'user/created', data: { email: 'a@example.com' }, metadata }] }]);
  const file = join(folder, `v${shapeVersion ?? 'none'}.tar.gz`);
  await exportMarketplace({ events, current: (e) => e, blobs: new FilesystemBlobStore(join(folder, 'blobs')) }, { marketplaceId: MP, name: null, now: new Date() }, file);
  db.close();
  return file;
};

describe('verifyArchive', () => {
  const folder = mkdtempSync(join(tmpdir(), 'verify-archive-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const thisRelease = (type: string) => (type === 'user/created' ? 2 : 1);

  it('takes events in shapes this release reads: older ones (upcast when read) and unversioned ones (version 1)', async () => {
    // given
    const files = [await archiveWith(folder, undefined), await archiveWith(folder, 1), await archiveWith(folder, 2)];
    // when
    const verified = await Promise.all(files.map((file) => verifyArchive(file, thisRelease)));
    // then
    expect(verified.map((v) => v.manifest.counts.events)).toEqual([1, 1, 1]);
  });

  it('refuses, before anything is written, events in a shape newer than this release knows (exported by a later release)', async () => {
    // given
    const file = await archiveWith(folder, 3);
    // when
    const refused = verifyArchive(file, thisRelease);
    // then
    await expect(refused).rejects.toThrow(ArchiveRefusedError);
    await expect(refused).rejects.toThrow('user/created events in shape version 3; this release reads up to version 2: import it with the release that exported it, or a later one.');
  });
});
