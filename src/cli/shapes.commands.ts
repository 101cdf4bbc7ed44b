import type { Command } from 'commander';
import { output, withCli } from './cli-context';

const PAGE = 1000;

/**
 * `shapes`: the event types this release writes and their shape versions (docs/architecture.md, Event shapes), and
 * with `--log` how many events of the log are stored in older shapes: read models built from those by an earlier
 * release keep the older form until `rebuild` (README, Upgrading).
 */
export const registerShapesCommands = (program: Command): void => {
  program
    .command('shapes')
    .description("the event types this release writes and their shape versions; --log: the log's events in older shapes (to know whether to rebuild after an upgrade)")
    .option('--log', 'read the whole log and count the events stored in older shapes', false)
    .option('--json', 'print the result as JSON', false)
    .action(async (opts: { log: boolean; json: boolean }) =>
      withCli(async ({ infra }) => {
        const shapes = infra.events.shapes;
        const versions = shapes.versions();
        const upcasts = infra.events.countUpcasts();
        // Every event read passes through the shaped port, which counts what it upcasts.
        for (let after = 0; opts.log; ) {
          const page = await infra.events.readAll({ after, limit: PAGE });
          if (page.length === 0) break;
          after = page[page.length - 1].position;
        }
        const olderShapes = opts.log ? { events: upcasts.total, byType: upcasts.byType } : undefined;
        output(opts.json, { versions, ...(olderShapes ? { olderShapes } : {}) }, () =>
          [
            ...Object.entries(versions)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([type, version]) => `${type.padEnd(44)} v${version}`),
            ...(!olderShapes ? [] : ['', ...olderShapesLines(olderShapes.events, upcasts.lines((t) => shapes.versionOf(t)))]),
          ].join('\n'),
        );
      }),
    );
};

const olderShapesLines = (events: number, lines: string[]): string[] =>
  events === 0
    ? ['Every event of the log is in its current shape.']
    : [`${events} events of the log are in older shapes (read models an earlier release built from them keep that form until rebuild):`, ...lines.map((l) => `  ${l}`)];
