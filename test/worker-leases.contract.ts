import { randomUUID } from 'node:crypto';
import type { WorkerLeases } from '../src/event-sourcing/worker-leases.port';

export interface WorkerLeasesFixture {
  /** A holder: what one server instance opens over the shared store. */
  holder(): Promise<WorkerLeases>;
  /** Ends a holder the way `kill -9` does (no release), when the engine can tell; undefined: in-process only. */
  kill?(holder: WorkerLeases): Promise<void>;
  /** How long a killed holder's lease may stay taken (the engine's takeover bound). */
  takeoverMs: number;
  /** Whether two holders share the lease table (false: one process is the only holder, as on the embedded file). */
  shared: boolean;
  cleanup(): Promise<void>;
}

const within = async (ms: number, attempt: () => Promise<boolean>): Promise<boolean> => {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await attempt()) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Behaviour every WorkerLeases adapter must have (src/event-sourcing/worker-leases.port.ts). */
export const workerLeasesContract = (name: string, makeFixture: () => Promise<WorkerLeasesFixture>): void => {
  describe(`WorkerLeases contract: ${name}`, () => {
    let fixture: WorkerLeasesFixture;
    const opened: WorkerLeases[] = [];
    const holder = async () => {
      const leases = await fixture.holder();
      opened.push(leases);
      return leases;
    };
    const lease = (label: string) => `${label}-${randomUUID()}`;

    beforeAll(async () => {
      fixture = await makeFixture();
    });
    afterAll(async () => {
      await Promise.all(opened.map((l) => l.close().catch(() => undefined)));
      await fixture?.cleanup();
    });

    it('grants a free lease, and not twice to the same holder', async () => {
      const a = await holder();
      const name = lease('scheduler');
      const taken = await a.tryAcquire(name);
      expect(taken?.name).toBe(name);
      expect(await a.tryAcquire(name)).toBeNull();
      await taken!.release();
      const again = await a.tryAcquire(name);
      expect(again).not.toBeNull();
      await again!.release();
    });

    it('settles `lost` when the lease is released', async () => {
      const a = await holder();
      const taken = await a.tryAcquire(lease('released'));
      let lost = false;
      void taken!.lost.then(() => (lost = true));
      await taken!.release();
      await new Promise((resolve) => setImmediate(resolve));
      expect(lost).toBe(true);
    });

    it('gives one lease to one of two holders racing for it, and the other once it is released', async () => {
      if (!fixture.shared) return;
      const [a, b] = [await holder(), await holder()];
      const name = lease('reactor');
      const [fromA, fromB] = await Promise.all([a.tryAcquire(name), b.tryAcquire(name)]);
      expect([fromA, fromB].filter(Boolean)).toHaveLength(1);
      const [winner, loser] = fromA ? [fromA, b] : [fromB!, a];
      expect(await loser.tryAcquire(name)).toBeNull();
      await winner.release();
      expect(await within(fixture.takeoverMs, async () => Boolean(await loser.tryAcquire(name)))).toBe(true);
    });

    it('keeps leases of different names apart', async () => {
      if (!fixture.shared) return;
      const [a, b] = [await holder(), await holder()];
      const first = await a.tryAcquire(lease('one'));
      const second = await b.tryAcquire(lease('two'));
      expect(first).not.toBeNull();
      expect(second).not.toBeNull();
    });

    it("frees a killed holder's leases for another within the takeover bound", async () => {
      if (!fixture.shared || !fixture.kill) return;
      const [a, b] = [await holder(), await holder()];
      const name = lease('killed');
      expect(await a.tryAcquire(name)).not.toBeNull();
      expect(await b.tryAcquire(name)).toBeNull();
      const killedAt = Date.now();
      await fixture.kill(a);
      expect(await within(fixture.takeoverMs, async () => Boolean(await b.tryAcquire(name)))).toBe(true);
      expect(Date.now() - killedAt).toBeLessThanOrEqual(fixture.takeoverMs + 1000);
    });

    it('tells a holder whose connection to the store is gone that its leases are lost', async () => {
      if (!fixture.shared || !fixture.kill) return;
      const a = await holder();
      const taken = await a.tryAcquire(lease('cut-off'));
      await fixture.kill(a);
      let timer: NodeJS.Timeout | undefined;
      const stillHeld = new Promise((resolve) => (timer = setTimeout(resolve, fixture.takeoverMs, 'still held')));
      await expect(Promise.race([taken!.lost.then(() => 'lost'), stillHeld]).finally(() => clearTimeout(timer))).resolves.toBe('lost');
    });
  });
};
