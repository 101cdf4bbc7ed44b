import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NewEvent } from './event-store.port';
import { WrongExpectedRevisionError } from './event-store.port';
import { SqliteEventStore } from './sqlite-event-store';
import { WalGroupCommit } from './wal-group-commit';

const event = (n: number): NewEvent => ({
  type: 'thing/happened',
  data: { n },
  metadata: { marketplaceId: 'mp', public: false, createdAt: '2026-01-01T00:00:00.000Z' } as NewEvent['metadata'],
});

describe('embedded group commit', () => {
  let dir: string;
  let db: Database.Database;
  let groupCommit: WalGroupCommit;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    db = new Database(join(dir, 'log.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    groupCommit = new WalGroupCommit(`${db.name}-wal`);
    store = new SqliteEventStore(db, groupCommit);
  });
  afterEach(async () => {
    await store.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given appends in one turn, when one expectation fails, then only that append is rolled back and the others are durable', async () => {
    await store.append([{ streamId: 's-1', expectedRevision: 'no_stream', events: [event(0)] }]);
    const [a, b, c] = await Promise.allSettled([
      store.append([{ streamId: 's-1', expectedRevision: 0, events: [event(1)] }]),
      store.append([{ streamId: 's-1', expectedRevision: 0, events: [event(2)] }]),
      store.append([{ streamId: 's-2', expectedRevision: 'no_stream', events: [event(3)] }]),
    ]);
    expect(a.status).toBe('fulfilled');
    expect(b).toMatchObject({ status: 'rejected', reason: expect.any(WrongExpectedRevisionError) });
    expect(c.status).toBe('fulfilled');
    expect((await store.readStream('s-1')).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }]);
    expect(groupCommit.durablePosition).toBe(await store.headPosition());
  });

  it('given many appends while a flush runs, then they share the next flush instead of one each', async () => {
    const before = groupCommit.flushCount;
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.append([{ streamId: `s-${i}`, expectedRevision: 'no_stream', events: [event(i)] }])));
    expect(groupCommit.flushCount - before).toBe(1);
    expect(groupCommit.durablePosition).toBe(50);
  });

  it('given an append, then a subscriber sees it only once it is flushed', async () => {
    const seen: number[] = [];
    const subscription = store.subscribeToAll(0, async (events) => void seen.push(...events.map((e) => e.position)));
    const appended = await store.append([{ streamId: 's-1', expectedRevision: 'no_stream', events: [event(1)] }]);
    expect(groupCommit.durablePosition).toBeGreaterThanOrEqual(appended.position);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([appended.position]);
    await subscription.close();
  });

  it('given another connection appends between this store\'s commits, then a subscriber still gets every event, in order', async () => {
    const seen: number[] = [];
    const subscription = store.subscribeToAll(0, async (batch) => {
      for (const e of batch) seen.push((e.data as { n: number }).n);
    });
    const other = new Database(join(dir, 'log.db'));
    const otherStore = new SqliteEventStore(other);
    try {
      await store.append([{ streamId: 'a', expectedRevision: 'no_stream', events: [event(1)] }]);
      otherStore.appendSync([{ streamId: 'b', expectedRevision: 'no_stream', events: [event(2)] }]);
      await store.append([
        { streamId: 'a', expectedRevision: 0, events: [event(3)] },
        { streamId: 'c', expectedRevision: 'no_stream', events: [event(4)] },
      ]);
      const [, failed] = await Promise.allSettled([
        store.append([{ streamId: 'a', expectedRevision: 1, events: [event(5)] }]),
        store.append([{ streamId: 'a', expectedRevision: 1, events: [event(6)] }]), // rolled back: never delivered
        store.append([{ streamId: 'd', expectedRevision: 'no_stream', events: [event(7)] }]),
      ]);
      expect(failed.status).toBe('rejected');
      const deadline = Date.now() + 5000;
      while (seen.length < 6 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).toEqual([1, 2, 3, 4, 5, 7]);
    } finally {
      await subscription.close();
      await otherStore.close();
      other.close();
    }
  });
});
