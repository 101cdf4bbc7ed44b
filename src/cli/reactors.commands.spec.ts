import Database from 'better-sqlite3';
import { Command } from 'commander';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteConsumerCheckpoints } from '../event-sourcing/sqlite-consumer-checkpoints';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { registerReactorCommands } from './reactors.commands';

describe('marketplace-server reactors', () => {
  let dir: string;
  const previous = { DATA_DIR: process.env.DATA_DIR, EVENTSTORE_URL: process.env.EVENTSTORE_URL };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reactors-cli-'));
    process.env.DATA_DIR = dir;
    delete process.env.EVENTSTORE_URL;
    // A log of three events; one reactor healthy at the head, one stopped at the start.
    const db = new Database(join(dir, 'marketplace.db'));
    const events = new SqliteEventStore(db);
    for (let i = 0; i < 3; i += 1) {
      await events.append([
        { streamId: 'mp:s', expectedRevision: 'any', events: [{ type: 'a/one', data: {}, metadata: { marketplaceId: 'mp', createdAt: '2026-01-01T00:00:00.000Z', public: false } }] },
      ]);
    }
    const checkpoints = new SqliteConsumerCheckpoints(db);
    await checkpoints.save('mails', { position: 3, attempts: 0, lastError: null, stoppedAt: null, updatedAt: '2026-01-01T00:00:00.000Z' });
    await checkpoints.save('payments', {
      position: 0,
      attempts: 8,
      lastError: 'event e1 (a/one at 1): provider unavailable',
      stoppedAt: '2026-01-01T00:01:00.000Z',
      updatedAt: '2026-01-01T00:01:00.000Z',
    });
    db.close();
  });
  afterEach(() => {
    process.env.DATA_DIR = previous.DATA_DIR;
    if (previous.EVENTSTORE_URL !== undefined) process.env.EVENTSTORE_URL = previous.EVENTSTORE_URL;
    rmSync(dir, { recursive: true, force: true });
    jest.restoreAllMocks();
  });

  const run = async (...args: string[]): Promise<string> => {
    const lines: string[] = [];
    jest.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const program = new Command().exitOverride().enablePositionalOptions(); // as src/cli/main.ts
    registerReactorCommands(program);
    await program.parseAsync(['node', 'marketplace-server', ...args]);
    jest.restoreAllMocks();
    return lines.join('\n');
  };

  it('lists every reactor with its position, lag, attempts, last error and stop', async () => {
    const listed = JSON.parse(await run('reactors', '--json'));
    expect(listed).toEqual([
      expect.objectContaining({ name: 'mails', position: 3, lag: 0, attempts: 0, lastError: null, stopped: false }),
      expect.objectContaining({ name: 'payments', position: 0, lag: 3, attempts: 8, lastError: expect.stringContaining('provider unavailable'), stopped: true }),
    ]);
    const text = await run('reactors');
    expect(text).toContain('payments  STOPPED at 2026-01-01T00:01:00.000Z  position 0  lag 3  attempts 8');
    expect(text).toContain('last error: event e1 (a/one at 1): provider unavailable');
  });

  it('resumes a stopped reactor, and says so in JSON with --json after the subcommand', async () => {
    expect(JSON.parse(await run('reactors', 'resume', 'payments', '--json'))).toEqual({ name: 'payments', resumed: true, wasStopped: true });
    const listed = JSON.parse(await run('reactors', '--json'));
    expect(listed[1]).toEqual(expect.objectContaining({ name: 'payments', stopped: false, attempts: 0, position: 0 }));
    await expect(run('reactors', 'resume', 'nobody')).rejects.toThrow('No reactor named "nobody"');
  });

  it('says a reactor that was not stopped had nothing to resume', async () => {
    expect(await run('reactors', 'resume', 'mails')).toBe('Reactor mails was not stopped: nothing to resume.');
    expect(JSON.parse(await run('reactors', 'resume', 'mails', '--json'))).toEqual({ name: 'mails', resumed: false, wasStopped: false });
  });
});
