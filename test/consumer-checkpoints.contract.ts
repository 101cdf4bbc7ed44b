import { randomUUID } from 'node:crypto';
import type { ConsumerCheckpoint, ConsumerCheckpoints } from '../src/event-sourcing/consumer-checkpoints.port';

export interface ConsumerCheckpointsFixture {
  store: ConsumerCheckpoints;
  /** What a rebuild does to the read models of the same deployment (`DocumentStore.reset()`), when there is one. */
  resetReadModels?: () => Promise<void>;
  cleanup: () => Promise<void>;
}

/**
 * Behaviour every ConsumerCheckpoints adapter must have. Each test uses its own random consumer names, so the suite
 * also runs against a shared server that already holds other consumers.
 */
export const consumerCheckpointsContract = (name: string, makeStore: () => Promise<ConsumerCheckpointsFixture>): void => {
  describe(`ConsumerCheckpoints contract: ${name}`, () => {
    let fixture: ConsumerCheckpointsFixture;
    let store: ConsumerCheckpoints;

    beforeAll(async () => {
      fixture = await makeStore();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    const consumer = (label: string) => `${label}-${randomUUID()}`;
    const record = (overrides: Partial<ConsumerCheckpoint> = {}): ConsumerCheckpoint => ({
      position: 42,
      attempts: 0,
      lastError: null,
      stoppedAt: null,
      updatedAt: '2026-01-01T00:00:00.000Z',
      ...overrides,
    });

    it('has no record for a consumer that never saved one', async () => {
      expect(await store.load(consumer('never'))).toBeNull();
    });

    it('loads what was saved, every field', async () => {
      const name = consumer('mails');
      const saved = record({ position: 1234567, attempts: 3, lastError: 'SMTP 451: try later', stoppedAt: '2026-01-02T03:04:05.678Z' });
      await store.save(name, saved);
      expect(await store.load(name)).toEqual(saved);
    });

    it('keeps only the last record of a consumer', async () => {
      const name = consumer('payments');
      for (let position = 1; position <= 15; position += 1) await store.save(name, record({ position }));
      await store.save(name, record({ position: 99, attempts: 1, lastError: 'boom' }));
      await store.save(name, record({ position: 100 }));
      expect(await store.load(name)).toEqual(record({ position: 100 }));
    });

    it('keeps consumers apart', async () => {
      const a = consumer('a');
      const b = consumer('b');
      await store.save(a, record({ position: 1 }));
      await store.save(b, record({ position: 2 }));
      expect((await store.load(a))?.position).toBe(1);
      expect((await store.load(b))?.position).toBe(2);
    });

    it('lists every consumer with its last record', async () => {
      const a = consumer('listed-a');
      const b = consumer('listed-b');
      await store.save(a, record({ position: 5 }));
      await store.save(b, record({ position: 6, stoppedAt: '2026-01-01T00:00:01.000Z', lastError: 'down', attempts: 8 }));
      await store.save(a, record({ position: 7 }));
      const listed = (await store.list()).filter((r) => r.name === a || r.name === b).sort((x, y) => x.name.localeCompare(y.name));
      expect(listed).toEqual([
        { name: a, ...record({ position: 7 }) },
        { name: b, ...record({ position: 6, stoppedAt: '2026-01-01T00:00:01.000Z', lastError: 'down', attempts: 8 }) },
      ]);
    });

    it('never moves a checkpoint backwards: a late save of an older position is refused and changes nothing', async () => {
      const name = consumer('late-holder');
      expect(await store.save(name, record({ position: 10 }))).toBe(true);
      expect(await store.save(name, record({ position: 12 }))).toBe(true);
      // A former holder of the consumer's lease saves what it was doing before the new holder moved on.
      expect(await store.save(name, record({ position: 11, attempts: 2, lastError: 'late' }))).toBe(false);
      expect(await store.load(name)).toEqual(record({ position: 12 }));
    });

    it('takes a record at the same position (a failure recorded, a stopped consumer resumed)', async () => {
      const name = consumer('same-position');
      await store.save(name, record({ position: 20 }));
      const stopped = record({ position: 20, attempts: 8, lastError: 'SMTP down', stoppedAt: '2026-01-01T00:00:02.000Z' });
      expect(await store.save(name, stopped)).toBe(true);
      expect(await store.load(name)).toEqual(stopped);
      expect(await store.save(name, record({ position: 20 }))).toBe(true);
      expect(await store.load(name)).toEqual(record({ position: 20 }));
    });

    it('keeps the highest position when savers race', async () => {
      const name = consumer('racing');
      const positions = Array.from({ length: 20 }, (_, i) => ((i * 7) % 20) + 1);
      await Promise.all(positions.map((position) => store.save(name, record({ position }))));
      expect((await store.load(name))?.position).toBe(20);
    });

    it('survives a read-model rebuild (reset)', async () => {
      if (!fixture.resetReadModels) return;
      const name = consumer('rebuild');
      await store.save(name, record({ position: 77 }));
      await fixture.resetReadModels();
      expect(await store.load(name)).toEqual(record({ position: 77 }));
    });
  });
};
