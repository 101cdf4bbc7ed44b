import { randomUUID } from 'node:crypto';
import { BACKWARDS, END, jsonEvent, KurrentDBClient, NO_STREAM, StreamNotFoundError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import type { Lease, WorkerLeases } from './worker-leases.port';

/** `$`-prefixed types: the event store adapter's subscriptions and head leave system event types out. */
const TAKEN = '$lease-taken';
const RELEASED = '$lease-released';
const KEEP_RECORDS = 10;

export const leaseStream = (name: string): string => `lease-${name}`;

export interface KurrentDbLeaseOptions {
  /** How long a lease lasts without renewal (default 6000 ms): a dead holder's lease is free after this. */
  termMs?: number;
  /** How often a holder renews (default a third of the term). */
  renewMs?: number;
}

type Term = {
  holder: string;
  expiresAt: number;
};

interface Held {
  lease: Lease;
  settle: () => void;
  revision: bigint;
  /** When the last term written ends, by this process's clock. */
  expiresAt: number;
  timer: NodeJS.Timeout;
}

/**
 * KurrentDB: a lease is the last event of the stream `lease-<name>`, `{holder, expiresAt}`, written with the
 * revision its writer read as the expected one, so of two instances taking a free lease one wins. The holder renews
 * it every `renewMs`; a renewal refused (another took it) or failing until the term is over loses it. A dead holder's
 * lease is free when its term ends: takeover within `termMs` plus the taker's retry period.
 *
 * Unlike PostgreSQL's session locks this trusts clocks: the term is measured on the holder's clock, and instances'
 * clocks must agree to well within it (NTP does). A holder that pauses longer than the term (a stop-the-world
 * pause) can overlap its successor for that moment; the reactors' idempotency keys cover that.
 */
export class KurrentDbWorkerLeases implements WorkerLeases {
  private readonly client: KurrentDBClient;
  private readonly ownsClient: boolean;
  private readonly holder = randomUUID();
  private readonly held = new Map<string, Held>();
  private readonly termMs: number;
  private readonly renewMs: number;

  constructor(connection: string | KurrentDBClient, options: KurrentDbLeaseOptions = {}) {
    this.ownsClient = typeof connection === 'string';
    this.client = typeof connection === 'string' ? KurrentDBClient.connectionString(connection) : connection;
    this.termMs = options.termMs ?? 6000;
    this.renewMs = options.renewMs ?? Math.floor(this.termMs / 3);
  }

  async tryAcquire(name: string): Promise<Lease | null> {
    if (this.held.has(name)) return null;
    const last = await this.lastTerm(name);
    if (last && last.term && last.term.holder !== this.holder && last.term.expiresAt > Date.now()) return null;
    if (!last) await this.client.setStreamMetadata(leaseStream(name), { maxCount: KEEP_RECORDS });
    const startedAt = Date.now();
    const revision = await this.write(name, TAKEN, last?.revision ?? null);
    if (revision === null || this.held.has(name)) return null;
    let settle!: () => void;
    const lost = new Promise<void>((resolve) => (settle = resolve));
    const lease: Lease = { name, lost, release: () => this.release(name, lease) };
    const timer = setInterval(() => void this.renew(name, lease), this.renewMs);
    timer.unref();
    this.held.set(name, { lease, settle, revision, expiresAt: startedAt + this.termMs, timer });
    return lease;
  }

  async close(): Promise<void> {
    await Promise.all([...this.held.values()].map(({ lease }) => lease.release()));
    if (this.ownsClient) await this.client.dispose();
  }

  private async renew(name: string, lease: Lease): Promise<void> {
    const held = this.held.get(name);
    if (!held || held.lease !== lease) return;
    const startedAt = Date.now();
    const revision = await this.write(name, TAKEN, held.revision).catch(() => undefined);
    if (this.held.get(name) !== held) return;
    if (typeof revision === 'bigint') {
      held.revision = revision;
      // Measured from before the write: the stored term ends no earlier than this.
      held.expiresAt = startedAt + this.termMs;
    } else if (revision === null || Date.now() + this.renewMs >= held.expiresAt) {
      // Taken over, or the store unreachable until the next try would come after the term: let go now.
      this.drop(name, held);
    }
  }

  private async release(name: string, lease: Lease): Promise<void> {
    const held = this.held.get(name);
    if (!held || held.lease !== lease) return;
    this.drop(name, held);
    await this.write(name, RELEASED, held.revision).catch(() => null);
  }

  private drop(name: string, held: Held): void {
    clearInterval(held.timer);
    this.held.delete(name);
    held.settle();
  }

  /** Appends a term at the expected revision; null when another writer came first. */
  private async write(name: string, type: typeof TAKEN | typeof RELEASED, expected: bigint | null): Promise<bigint | null> {
    const term: Term = { holder: this.holder, expiresAt: type === TAKEN ? Date.now() + this.termMs : 0 };
    try {
      const result = await this.client.appendToStream(leaseStream(name), jsonEvent({ type, data: term }), { streamState: expected ?? NO_STREAM });
      return result.nextExpectedRevision;
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) return null;
      throw error;
    }
  }

  private async lastTerm(name: string): Promise<{ revision: bigint; term: Term | null } | null> {
    try {
      for await (const { event } of this.client.readStream(leaseStream(name), { direction: BACKWARDS, fromRevision: END, maxCount: 1, requiresLeader: true })) {
        if (!event) continue;
        const data = event.data as Partial<Term>;
        const term = typeof data.holder === 'string' && typeof data.expiresAt === 'number' ? { holder: data.holder, expiresAt: data.expiresAt } : null;
        return { revision: event.revision, term };
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    return null;
  }
}
