import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_EVENT_SHAPES } from '../src/infrastructure/event-shapes.registry';
import { decodeStored } from '../src/shared/stored-json';
import type { EventMetadata } from '../src/shared/log-events';
import { GOLDEN, goldenLines, goldenMeta, goldenReleases, importGoldenLog, record, sweep } from './support/golden-log';
import { cliRun } from './support/server-process';
import { startTestServer } from './support/test-server';

/**
 * Upgrades keep the log: a golden log recorded by a release (test/golden/<release>/: every event as stored, the blobs
 * it refers to, and the API's answers to a sweep of reads) is imported into a fresh store of this release, on every
 * engine the tests run (the embedded and postgres jest projects), its read models built from it, and the same reads
 * must answer the same. Old events reach every reader through the contexts' upcasters (src/shared/event-shapes.ts).
 *
 * A release that changes an event's shape records its own golden log (`npm run golden:record`, or
 * `RECORD_GOLDEN_LOG=<release> npx jest test/golden-log.e2e.spec.ts --selectProjects embedded`) and keeps every
 * older one; a change that cannot read an old log fails here.
 */
const releases = goldenReleases();

/** The events of a golden log stored in an older shape than this release writes, by type and stored version. */
const olderShapesIn = (release: string): Record<string, Record<string, number>> => {
  const counts: Record<string, Record<string, number>> = {};
  for (const line of goldenLines(release)) {
    const stored = decodeStored<EventMetadata>(line.metadata).shapeVersion ?? 1;
    if (stored === ALL_EVENT_SHAPES.versionOf(line.type)) continue;
    counts[line.type] ??= {};
    counts[line.type][stored] = (counts[line.type][stored] ?? 0) + 1;
  }
  return counts;
};

const countOf = (byType: Record<string, Record<string, number>>): number => Object.values(byType).flatMap(Object.values).reduce((a, b) => a + b, 0);

describe('golden logs of earlier releases', () => {
  if (process.env.RECORD_GOLDEN_LOG) {
    it(`records the golden log of release ${process.env.RECORD_GOLDEN_LOG}`, () => record(process.env.RECORD_GOLDEN_LOG!), 120_000);
    return;
  }

  it('has at least one golden log to replay', () => expect(releases.length).toBeGreaterThan(0));

  it('knows the shape of every event type any golden log holds', () => {
    const declared = ALL_EVENT_SHAPES.versions();
    const family = (type: string) => `${type.slice(0, type.indexOf('/'))}/*`;
    const unknown = releases.flatMap((r) => goldenLines(r).map((l) => l.type)).filter((type) => !(type in declared) && !(family(type) in declared));
    expect([...new Set(unknown)]).toEqual([]);
  });

  it("has a golden log recorded with this release's shapes (a release that changes a shape records one)", () => {
    const newest = releases.at(-1)!;
    const recorded = goldenMeta(newest).shapes ?? {};
    const changed = Object.entries(ALL_EVENT_SHAPES.versions())
      .filter(([type, version]) => (recorded[type] ?? 1) !== version)
      .map(([type, version]) => `${type} v${recorded[type] ?? 1} → v${version}`);
    if (changed.length > 0) throw new Error(`Event shapes changed since the golden log of ${newest} (${changed.join(', ')}): record this release's (npm run golden:record) and keep the older ones.`);
  });

  it(`tells the operator, before any rebuild, which events of the oldest golden log (${releases[0]}) are in older shapes`, async () => {
    const server = await startTestServer();
    try {
      await importGoldenLog(server, releases[0]);
      const shapes = await cliRun(server.cliEnv(), ['shapes', '--log', '--json']);
      expect({ code: shapes.code, stderr: shapes.code === 0 ? '' : shapes.stderr }).toEqual({ code: 0, stderr: '' });
      const upcast = olderShapesIn(releases[0]);
      expect(JSON.parse(shapes.stdout)).toEqual({ versions: ALL_EVENT_SHAPES.versions(), olderShapes: { events: countOf(upcast), byType: upcast } });
    } finally {
      await server.close();
    }
  }, 120_000);

  for (const release of releases)
    it(`replays ${release}: its read models, built from its log and rebuilt by the operator, answer the recorded reads`, async () => {
      const server = await startTestServer();
      try {
        await importGoldenLog(server, release);
        const expected = JSON.parse(readFileSync(join(GOLDEN, release, 'answers.json'), 'utf8'));
        expect(await sweep(server.baseUrl, goldenMeta(release))).toEqual(expected);
        // The operator's rebuild (embedded: its newest-first replay; PostgreSQL: beside the live read models) reads
        // the same log through the same upcasters, and says what it upcast.
        const rebuilt = await cliRun(server.cliEnv(), ['rebuild', '--json', '--force']);
        expect({ code: rebuilt.code, stderr: rebuilt.code === 0 ? '' : rebuilt.stderr }).toEqual({ code: 0, stderr: '' });
        const upcast = olderShapesIn(release);
        expect(JSON.parse(rebuilt.stdout).upcast).toEqual({ events: countOf(upcast), byType: upcast });
        expect(await sweep(server.baseUrl, goldenMeta(release))).toEqual(expected);
      } finally {
        await server.close();
      }
    }, 120_000);
});
