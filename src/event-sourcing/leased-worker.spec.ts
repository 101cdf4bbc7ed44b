import { LeasedWorker } from './leased-worker';
import { InProcessLeases, Lease, WorkerLeases } from './worker-leases.port';

const silent = { warn: () => undefined, error: () => undefined };
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/** Leases whose holder can be made to lose them, as when the store drops the lock connection. */
class LosableLeases implements WorkerLeases {
  readonly inner = new InProcessLeases();
  available = true;
  private readonly held = new Set<Lease>();
  async tryAcquire(name: string): Promise<Lease | null> {
    if (!this.available) throw new Error('store unreachable');
    const lease = await this.inner.tryAcquire(name);
    if (lease) this.held.add(lease);
    return lease;
  }
  async loseAll(): Promise<void> {
    for (const lease of this.held) await lease.release();
    this.held.clear();
  }
  close = () => this.inner.close();
}

describe('LeasedWorker', () => {
  const work = () => {
    const log: string[] = [];
    return { log, start: async () => void log.push('start'), stop: async () => void log.push('stop') };
  };

  it('runs the work on the instance that takes the lease, and not on the other', async () => {
    // given: two instances over one lease table
    const leases = new InProcessLeases();
    const [a, b] = [work(), work()];
    const first = new LeasedWorker(leases, 'scheduler', a, { retryMs: 10, logger: silent });
    const second = new LeasedWorker(leases, 'scheduler', b, { retryMs: 10, logger: silent });
    // when
    await first.start();
    await second.start();
    await tick(30);
    // then
    expect([first.held, second.held]).toEqual([true, false]);
    expect([a.log, b.log]).toEqual([['start'], []]);
    // and when the holder stops, the other takes over
    await first.stop();
    await tick(30);
    expect([a.log, b.log]).toEqual([['start', 'stop'], ['start']]);
    await second.stop();
  });

  it('stops the work when the lease is lost, and starts it again once the lease is back', async () => {
    // given: a holder
    const leases = new LosableLeases();
    const w = work();
    const worker = new LeasedWorker(leases, 'reactor:mails', w, { retryMs: 10, logger: silent });
    await worker.start();
    // when: the store drops the lock and stays away for a while
    leases.available = false;
    await leases.loseAll();
    await tick(30);
    // then: the work stopped and is not started while the store is away
    expect(w.log).toEqual(['start', 'stop']);
    expect(worker.held).toBe(false);
    // and when the store is back, it runs again
    leases.available = true;
    await tick(30);
    expect(w.log).toEqual(['start', 'stop', 'start']);
    await worker.stop();
    expect(w.log).toEqual(['start', 'stop', 'start', 'stop']);
  });

  it('lets the lease go when the work cannot start, and tries again', async () => {
    const leases = new InProcessLeases();
    let attempts = 0;
    const worker = new LeasedWorker(leases, 'reactor:flaky', { start: async () => { attempts += 1; if (attempts === 1) throw new Error('store away'); }, stop: async () => undefined }, { retryMs: 10, logger: silent });
    await worker.start();
    expect(worker.held).toBe(false);
    await tick(30);
    expect(worker.held).toBe(true);
    expect(attempts).toBe(2);
    await worker.stop();
  });
});
