import type { Command } from 'commander';
import { ALL_PROJECTIONS } from '../../projections/registry';
import { rebuildReadModels } from '../../projections/projection-engine';
import { withCli } from './cli-context';

export const registerProjectionCommands = (program: Command): void => {
  program
    .command('rebuild')
    .description('drop every read model and rebuild it from the event log (stop the server first)')
    .option('--until-seqid <n>', 'replay the log only up to this sequence id (an audit of the state at that point)')
    .action(async (opts: { untilSeqid?: string }) =>
      withCli(async ({ infra }) => {
        const started = Date.now();
        let last = 0;
        const result = await rebuildReadModels(infra.events, infra, ALL_PROJECTIONS, {
          until: opts.untilSeqid !== undefined ? Number(opts.untilSeqid) : undefined,
          onProgress: (position, head) => {
            if (Date.now() - last < 500 && position < head) return;
            last = Date.now();
            process.stderr.write(`\rreplayed up to ${position} of ${head} (${head ? Math.round((100 * position) / head) : 100}%)`);
          },
        });
        process.stderr.write('\n');
        console.log(`Rebuilt ${ALL_PROJECTIONS.length} projections from ${result.events} events in ${Date.now() - started} ms.`);
      }),
    );
};
