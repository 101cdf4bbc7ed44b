import type { Command } from 'commander';
import type { RecordedEvent } from '../event-store/event-store.port';
import { output, withCli } from './cli-context';

const row = (e: RecordedEvent) =>
  [String(e.position).padStart(8), (e.metadata.resourceId ?? '-').padEnd(36), e.type.padEnd(24), e.metadata.createdAt, (e.metadata.source ?? '').replace('source/', '')].join('  ');

const parseTypes = (value?: string) => (value ? value.split(',').filter(Boolean) : undefined);

export const registerEventCommands = (program: Command): void => {
  const events = program.command('events').description('read the event log (what events/query serves), for audits');

  events
    .command('query')
    .description('print events in log order')
    .option('-m, --marketplace <id>', 'only this marketplace')
    .option('--after-seqid <n>', 'events after this sequence id', '0')
    .option('--until-seqid <n>', 'events up to and including this sequence id')
    .option('--filter <types>', 'event types or resource types, comma-separated (listing/updated,user)')
    .option('--resource <id>', 'events about this resource')
    .option('--all', 'include internal events (clients, sessions, guards)', false)
    .option('-l, --limit <n>', 'at most this many', '100')
    .option('--json', 'one JSON document with the events', false)
    .action(async (opts: { marketplace?: string; afterSeqid: string; untilSeqid?: string; filter?: string; resource?: string; all: boolean; limit: string; json: boolean }) =>
      withCli(async ({ infra }) => {
        const found = await infra.events.readAll({
          after: Number(opts.afterSeqid),
          until: opts.untilSeqid !== undefined ? Number(opts.untilSeqid) : undefined,
          limit: Number(opts.limit),
          filter: { marketplaceId: opts.marketplace, publicOnly: !opts.all, eventTypes: parseTypes(opts.filter), resourceId: opts.resource },
        });
        output(opts.json, found, () => found.map(row).join('\n') || 'No events.');
      }),
    );

  events
    .command('tail')
    .description('follow new events as they are appended (Ctrl+C stops)')
    .option('-m, --marketplace <id>', 'only this marketplace')
    .option('--filter <types>', 'event types or resource types, comma-separated')
    .option('-l, --limit <n>', 'how many recent events to show first', '10')
    .action(async (opts: { marketplace?: string; filter?: string; limit: string }) =>
      withCli(async ({ infra }) => {
        const filter = { marketplaceId: opts.marketplace, publicOnly: true, eventTypes: parseTypes(opts.filter) };
        const head = await infra.events.headPosition();
        // The last N by reading backwards: positions are not counts (KurrentDB's are byte offsets).
        const recent = await infra.events.readLast(Number(opts.limit), filter);
        recent.filter((e) => e.position <= head).forEach((e) => console.log(row(e)));
        await new Promise<void>((resolve) => {
          const subscription = infra.events.subscribeToAll(head, async (batch) => {
            batch.filter((e) => e.metadata.public && (!filter.marketplaceId || e.metadata.marketplaceId === filter.marketplaceId)).forEach((e) => console.log(row(e)));
          });
          process.once('SIGINT', () => void subscription.close().then(resolve));
        });
      }),
    );
};
