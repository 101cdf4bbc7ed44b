import type { StreamRef } from '../event-sourcing/stream-model';
import { processDecider, ProcessEvent, ProcessState } from './domain/process.decider';
import { DEFAULT_ALIAS, defaultProcesses } from './process-files';
import { processStream } from './transaction-streams';

/**
 * The five default processes, each as version 1 under `release-1`: the streams and events a marketplace's
 * creation appends with its own (reading the files happens before the decision, which does no I/O).
 */
export const defaultProcessStreams = (marketplaceId: string): Record<`process:${string}`, StreamRef<ProcessState, ProcessEvent>> =>
  Object.fromEntries(defaultProcesses().map((p) => [`process:${p.name}`, processStream(marketplaceId, p.name)]));

/** Installs what is missing (a process without versions, an alias not there yet); installed ones stay as they are. */
export const installDefaultProcesses = (states: { [stream: `process:${string}`]: ProcessState }, now: Date): Record<string, ProcessEvent[]> =>
  Object.fromEntries(
    defaultProcesses().map(({ name, edn, definition, templates }) => {
      let state = states[`process:${name}`];
      const events: ProcessEvent[] = [];
      if (state.versions.length === 0) events.push(...processDecider.decide({ type: 'create', name, edn, definition, templates, now }, state));
      state = events.reduce(processDecider.evolve, state);
      if (!(DEFAULT_ALIAS in state.aliases)) events.push(...processDecider.decide({ type: 'create-alias', alias: DEFAULT_ALIAS, version: 1 }, state));
      return [`process:${name}`, events];
    }),
  );
