import { ANY, BACKWARDS, END, FORWARDS, jsonEvent, KurrentDBClient, NO_STREAM, START, StreamNotFoundError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import type { ConsumerCheckpoint, ConsumerCheckpoints, NamedConsumerCheckpoint } from './consumer-checkpoints.port';

/**
 * Event types start with `$`: the event store adapter's subscriptions and head lookups exclude system event types
 * (`excludeSystemEvents`), so checkpoint writes never wake a consumer nor move the log head.
 */
const CHECKPOINT_TYPE = '$consumer-checkpoint';
const REGISTERED_TYPE = '$consumer-registered';
/** Old records are truncated: the last event of a consumer's stream is its record. */
const KEEP_RECORDS = 10;

/** One stream per consumer (not `$`-prefixed: system streams need admin rights). */
export const consumerCheckpointStream = (name: string): string => `consumer-${name}`;
/** The directory of consumer names, for `list()`. */
export const CONSUMERS_STREAM = 'consumers';

type StoredRecord = {
  position: number;
  attempts: number;
  lastError: string | null;
  stoppedAt: string | null;
  updatedAt: string;
};

/**
 * Production: each consumer's record is the last event of its stream `consumer-<name>` (stream metadata maxCount
 * keeps it small); the names are listed once each in the `consumers` stream. The read models (Elasticsearch)
 * know nothing of them, so a rebuild leaves them alone.
 */
export class KurrentDbConsumerCheckpoints implements ConsumerCheckpoints {
  private readonly client: KurrentDBClient;
  private readonly ownsClient: boolean;
  private readonly registered = new Set<string>();

  constructor(connection: string | KurrentDBClient) {
    this.ownsClient = typeof connection === 'string';
    this.client = typeof connection === 'string' ? KurrentDBClient.connectionString(connection) : connection;
  }

  async load(name: string): Promise<ConsumerCheckpoint | null> {
    return (await this.last(name))?.record ?? null;
  }

  /** The consumer's last record and the revision it is at (null: none yet). */
  private async last(name: string): Promise<{ record: ConsumerCheckpoint | null; revision: bigint } | null> {
    try {
      for await (const { event } of this.client.readStream(consumerCheckpointStream(name), {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
        requiresLeader: true,
      })) {
        if (!event) continue;
        // The stream's last event is the record; anything else there (none is written) counts as no record.
        return { record: event.type === CHECKPOINT_TYPE ? toRecord(event.data) : null, revision: event.revision };
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    return null;
  }

  /** Compare-and-set: the last record is read, compared and followed at its revision; a rival write means read again. */
  async save(name: string, record: ConsumerCheckpoint): Promise<boolean> {
    await this.register(name);
    const data: StoredRecord = {
      position: record.position,
      attempts: record.attempts,
      lastError: record.lastError,
      stoppedAt: record.stoppedAt,
      updatedAt: record.updatedAt,
    };
    for (;;) {
      const last = await this.last(name);
      if (last?.record && last.record.position > record.position) return false;
      try {
        await this.client.appendToStream(consumerCheckpointStream(name), jsonEvent({ type: CHECKPOINT_TYPE, data }), { streamState: last?.revision ?? NO_STREAM });
        return true;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
      }
    }
  }

  async list(): Promise<NamedConsumerCheckpoint[]> {
    const names = [...(await this.names())].sort();
    const records = await Promise.all(names.map((name) => this.load(name)));
    return names.flatMap((name, i) => {
      const record = records[i];
      return record ? [{ name, ...record }] : [];
    });
  }

  async close(): Promise<void> {
    if (this.ownsClient) await this.client.dispose();
  }

  /** Lists a consumer in the directory the first time it saves (a repeated entry is harmless: names are a set). */
  private async register(name: string): Promise<void> {
    if (this.registered.has(name)) return;
    const names = await this.names();
    if (!names.has(name)) {
      await this.client.setStreamMetadata(consumerCheckpointStream(name), { maxCount: KEEP_RECORDS });
      await this.client.appendToStream(CONSUMERS_STREAM, jsonEvent({ type: REGISTERED_TYPE, data: { name } }), { streamState: ANY });
    }
    for (const known of names) this.registered.add(known);
    this.registered.add(name);
  }

  private async names(): Promise<Set<string>> {
    const names = new Set<string>();
    try {
      for await (const { event } of this.client.readStream(CONSUMERS_STREAM, { direction: FORWARDS, fromRevision: START, requiresLeader: true })) {
        const name = (event?.data as { name?: unknown } | undefined)?.name;
        if (event?.type === REGISTERED_TYPE && typeof name === 'string') names.add(name);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return names;
  }
}

const toRecord = (data: unknown): ConsumerCheckpoint => {
  const d = data as Partial<StoredRecord>;
  return {
    position: Number(d.position ?? 0),
    attempts: Number(d.attempts ?? 0),
    lastError: typeof d.lastError === 'string' ? d.lastError : null,
    stoppedAt: typeof d.stoppedAt === 'string' ? d.stoppedAt : null,
    updatedAt: typeof d.updatedAt === 'string' ? d.updatedAt : new Date(0).toISOString(),
  };
};
