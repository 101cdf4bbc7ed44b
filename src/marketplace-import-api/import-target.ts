import type { BlobStore } from '../blobs/blob-store.port';
import type { CommandRunner, Decision, Streams, StatesOf } from '../event-sourcing/command-runner';
import type { StreamRef } from '../event-sourcing/stream-model';
import type { CommandContext } from '../shared/command-context';
import { derivedUuid } from '../shared/ids';

/** Where an import from an API writes: this store's one write path, its blobs, and the marketplace it fills. */
export interface ImportTarget {
  runner: CommandRunner;
  blobs: BlobStore;
  marketplaceId: string;
  /** The source's marketplace id: with the resource ids, it names every import decision (so a rerun is one). */
  sourceMarketplaceId: string;
  /** Stamped on every event: history, not news (the reactors pass over it: no welcome mail, no payment). */
  importedAt: string;
}

/**
 * The context of one import decision. Its request id derives from the source marketplace and what is imported, so
 * the events' ids derive from it too (src/event-sourcing/event-ids.ts): an append repeated after a lost answer is
 * recognised by the store. The time is the resource's own (its createdAt), so the history keeps the source's dates.
 */
export const importContext = (target: ImportTarget, what: string, at: Date): CommandContext => ({
  marketplaceId: target.marketplaceId,
  clientId: null,
  userId: null,
  adminId: null,
  requestId: derivedUuid(`${target.sourceMarketplaceId}/${what}`),
  source: 'source/console',
  now: at,
});

/** A stream whose events are marked imported: the reactors pass over them (src/event-sourcing/reactor-engine.ts). */
const markedImported = <S>(ref: StreamRef<S>, importedAt: string): StreamRef<S> => ({
  ...ref,
  publish: (ctx, before, events) => ref.publish(ctx, before, events).map((event) => ({ ...event, metadata: { ...event.metadata, importedAt } })),
});

/**
 * Runs one import decision through the command runner: the same deciders, views and atomic multi-stream append as
 * the APIs, over the streams named. Each decision appends nothing when what it recreates is there already, so a
 * second run (or a resumed one) adds nothing. True when it appended.
 */
export const runImport = async <T extends Streams>(
  target: ImportTarget,
  what: string,
  at: Date,
  streams: T,
  decide: (states: StatesOf<T>) => Decision<T, undefined>['events'],
): Promise<boolean> => {
  const marked = Object.fromEntries(Object.entries(streams).map(([name, ref]) => [name, ref && markedImported(ref, target.importedAt)])) as T;
  const outcome = await target.runner.run({ ctx: importContext(target, what, at), streams: marked, decide: (states) => ({ events: decide(states) }) });
  return outcome.position !== null;
};
