import Database from 'better-sqlite3';
import { SqliteEventStore } from '../../event-store/sqlite-event-store';
import { CommandRunner } from '../../event-sourcing/command-runner';
import type { CommandContext } from '../../shared/command-context';
import type { ProcessDefinition } from '../domain/process-definition';
import { processDecider } from '../domain/process.decider';
import { processStream } from '../transaction-streams';
import { ProcessReads } from './process-reads';

const ctx: CommandContext = { marketplaceId: 'mp', clientId: null, userId: null, adminId: null, requestId: null, source: 'source/console', now: new Date('2026-01-01T00:00:00Z') };
const content = { edn: '{}', definition: { transitions: [], states: [] } as unknown as ProcessDefinition, templates: {} };

describe('ProcessReads', () => {
  it('answers a version this process has folded without reading the stream again, and reads for one it has not', async () => {
    const db = new Database(':memory:');
    const store = new SqliteEventStore(db);
    const runner = new CommandRunner(store, { waitFor: async () => undefined });
    const stream = processStream('mp', 'booking');
    const decide = (type: 'create' | 'create-version') => (s: { process: ReturnType<typeof processDecider.initialState> }) => ({
      events: { process: processDecider.decide({ type, name: 'booking', now: ctx.now, ...content }, s.process) },
    });
    await runner.run({ ctx, streams: { process: stream }, decide: decide('create') });
    const reads = jest.spyOn(store, 'readStream');
    const processes = new ProcessReads(runner);

    expect((await processes.version('mp', 'booking', 1))?.version).toBe(1);
    expect(reads).not.toHaveBeenCalled();
    // Version 2 is not in the cached state: read.
    await runner.run({ ctx, streams: { process: stream }, decide: decide('create-version') });
    reads.mockClear();
    expect(await processes.version('mp', 'booking', 3)).toBeNull();
    expect(reads).toHaveBeenCalledTimes(1);
    db.close();
  });
});
