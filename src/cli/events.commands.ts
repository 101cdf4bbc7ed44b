import type { Command } from 'commander';
import { matchesFilter, type LogFilter, type RecordedEvent } from '../event-store/event-store.port';
import { encodeEventView } from '../events/event-view.encoding';
import { resourceAsOf } from '../events/resource-as-of';
import { output, withCli } from './cli-context';
import { nonNegativeInteger } from './numeric-options';

const row = (e: RecordedEvent) =>
  [String(e.position).padStart(8), (e.metadata.resourceId ?? '-').padEnd(36), e.type.padEnd(24), e.metadata.createdAt, (e.metadata.source ?? '').replace('source/', '')].join('  ');

const parseTypes = (value?: string) => (value ? value.split(',').filter(Boolean) : undefined);

const SECRET_KEY = /hash|secret|nonce|password|token/i;

/** Secrets a stored resource may carry in internal events (`--all`): never printed. */
const redacted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(redacted);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([k]) => !SECRET_KEY.test(k)).map(([k, v]) => [k, redacted(v)]));
};

/** The Integration API view of an event (what events/query shows: metadata, never the event's data). */
const apiView = (e: RecordedEvent): unknown => redacted(JSON.parse(encodeEventView(e, 'json')));

const PAGE = 1000;

export const registerEventCommands = (program: Command): void => {
  const events = program.command('events').description('read the event log (what events/query serves), for audits');

  events
    .command('query')
    .description('print events in log order, every one unless --limit (as events/query shows them)')
    .option('-m, --marketplace <id>', 'only this marketplace')
    .option('--after-seqid <n>', 'events after this sequence id', nonNegativeInteger, 0)
    .option('--until-seqid <n>', 'events up to and including this sequence id', nonNegativeInteger)
    .option('--filter <types>', 'event types or resource types, comma-separated (listing/updated,user)')
    .option('--resource <id>', 'events about this resource')
    .option('--all', 'include internal events (clients, sessions, guards); secrets are never shown', false)
    .option('-l, --limit <n>', 'at most this many (default: all)', nonNegativeInteger)
    .option('--json', 'a JSON array of the events as the Integration API shows them', false)
    .action(async (opts: { marketplace?: string; afterSeqid: number; untilSeqid?: number; filter?: string; resource?: string; all: boolean; limit?: number; json: boolean }) =>
      withCli(async ({ infra }) => {
        const limit = opts.limit ?? Infinity;
        const filter: LogFilter = { marketplaceId: opts.marketplace, publicOnly: !opts.all, eventTypes: parseTypes(opts.filter), resourceId: opts.resource };
        const until = opts.untilSeqid;
        const found: RecordedEvent[] = [];
        // Page through the log: a read returns at most a page.
        for (let after = opts.afterSeqid; found.length < limit; ) {
          const page = await infra.events.readAll({ after, until, limit: Math.min(PAGE, limit - found.length), filter });
          found.push(...page);
          if (page.length === 0) break;
          after = page[page.length - 1].position;
          if (opts.json === false && process.stderr.isTTY && found.length >= PAGE) process.stderr.write(`\r${found.length} events read`);
        }
        if (!opts.json && process.stderr.isTTY && found.length >= PAGE) process.stderr.write('\n');
        output(opts.json, found.map(apiView), () => found.map(row).join('\n') || 'No events.');
      }),
    );

  events
    .command('tail')
    .description('follow new events as they are appended, until Ctrl+C')
    .option('-m, --marketplace <id>', 'only this marketplace')
    .option('--filter <types>', 'event types or resource types, comma-separated')
    .option('-l, --limit <n>', 'how many recent events to show first', nonNegativeInteger, 10)
    .option('--json', 'one JSON document (the Integration API view) per line', false)
    .action(async (opts: { marketplace?: string; filter?: string; limit: number; json: boolean }) =>
      withCli(async ({ infra }) => {
        const filter: LogFilter = { marketplaceId: opts.marketplace, publicOnly: true, eventTypes: parseTypes(opts.filter) };
        const print = (e: RecordedEvent) => console.log(opts.json ? JSON.stringify(apiView(e)) : row(e));
        const head = await infra.events.headPosition();
        // The last N by reading backwards: positions are not counts (KurrentDB's are byte offsets).
        const recent = await infra.events.readLast(opts.limit, filter);
        recent.filter((e) => e.position <= head).forEach(print);
        await new Promise<void>((resolve) => {
          // The store's poll timer does not hold the process open; this does, until Ctrl+C or SIGTERM.
          const keepAlive = setInterval(() => undefined, 60_000);
          const subscription = infra.events.subscribeToAll(head, async (batch) => {
            batch.filter((e) => matchesFilter(e, filter)).forEach(print);
          });
          const stop = () => {
            clearInterval(keepAlive);
            void subscription.close().then(resolve);
          };
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
      }),
    );

  events
    .command('as-of <resourceId>')
    .description('a user, listing or transaction as it was at a sequenceId, read from the log (nothing rebuilt): the Integration API view after its last event by then')
    .requiredOption('-m, --marketplace <id>', 'the marketplace')
    .requiredOption('--seqid <n>', 'the sequenceId', nonNegativeInteger)
    .option('--json', 'JSON (the output is JSON either way)', false)
    .action(async (resourceId: string, opts: { marketplace: string; seqid: number }) =>
      withCli(async ({ infra }) => {
        const asOf = await resourceAsOf(infra.events, opts.marketplace, resourceId, opts.seqid);
        if (!asOf) throw new Error(`${resourceId} has no event at or before sequenceId ${opts.seqid}.`);
        const view = apiView(asOf.lastEvent) as { attributes: { resource: unknown } };
        const last = asOf.lastEvent;
        console.log(JSON.stringify({ asOfSequenceId: opts.seqid, lastEventSequenceId: last.position, lastEventType: last.type, eventCount: asOf.eventCount, resource: view.attributes.resource }, null, 2));
      }),
    );
};
