import type { Command } from 'commander';
import { loadConfig } from '../config';
import { deleteSnapshot, listSnapshots, restoreSnapshot, saveSnapshot, SnapshotManifest, storeUnsupported } from '../emulator-snapshots/snapshot-files';
import { runningServer } from '../server-lock';
import { output, requireExistingStore } from './cli-context';

/** The data folder of an embedded store, or a clear refusal for a production store. */
const embeddedDataDir = (): string => {
  const config = loadConfig();
  const problem = storeUnsupported(config);
  if (problem) throw new Error(problem);
  requireExistingStore();
  return config.dataDir;
};

const describe = (s: SnapshotManifest) => `${s.name}  ${s.events} events  ${(s.bytes / 1024).toFixed(0)} KiB  saved ${s.savedAt}`;

/**
 * `emulator snapshot save|restore|list|delete`: the embedded store as a whole, for tests that start each file from
 * the same seeded marketplace (src/emulator-snapshots). A running server restores through its HTTP form instead,
 * which replaces its application over the restored store; beside a running server the CLI only saves.
 */
export const registerSnapshotCommands = (emulator: Command): void => {
  const snapshot = emulator.command('snapshot').description('snapshots of the embedded store (development, tests)');
  snapshot
    .command('save <name>')
    .description('saves the whole store (log, read models, payment emulator, blobs, mail outbox) under a name; replaces one of that name')
    .option('--json', 'machine-readable output', false)
    .action((name: string, opts: { json: boolean }) => {
      const saved = saveSnapshot(embeddedDataDir(), name, new Date());
      output(opts.json, saved, () => `Saved snapshot ${describe(saved)}.`);
    });
  snapshot
    .command('restore <name>')
    .description('puts the store back as saved under the name (the server must be stopped; a running one takes POST /v1/emulator/snapshots/<name>/restore)')
    .option('--json', 'machine-readable output', false)
    .action((name: string, opts: { json: boolean }) => {
      const dataDir = embeddedDataDir();
      const server = runningServer(dataDir);
      if (server !== null)
        throw new Error(`A server (pid ${server}) runs over ${dataDir}: restore through it (POST /v1/emulator/snapshots/${name}/restore) or stop it first.`);
      const started = performance.now();
      const restored = restoreSnapshot(dataDir, name);
      output(opts.json, { ...restored, ms: Math.round(performance.now() - started) }, () => `Restored snapshot ${describe(restored)}.`);
    });
  snapshot
    .command('list')
    .description('the saved snapshots')
    .option('--json', 'machine-readable output', false)
    .action((opts: { json: boolean }) => {
      const all = listSnapshots(embeddedDataDir());
      output(opts.json, all, () => (all.length === 0 ? 'No snapshots.' : all.map(describe).join('\n')));
    });
  snapshot
    .command('delete <name>')
    .description('deletes a saved snapshot')
    .action((name: string) => {
      deleteSnapshot(embeddedDataDir(), name);
      console.log(`Deleted snapshot ${name}.`);
    });
};
