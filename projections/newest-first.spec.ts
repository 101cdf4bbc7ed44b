import Database from 'better-sqlite3';
import { marketplaceLog } from '../bench/rebuild/marketplace-log';
import { DocumentRef, handles } from '../src/event-sourcing/projection';
import { SqliteEventStore } from '../src/event-store/sqlite-event-store';
import { scannedEvent, SqliteLogScan } from '../src/event-store/sqlite-log-scan';
import { ALL_PROJECTIONS } from './registry';

const MP = '6f0c3f64-0000-4000-8000-000000000001';
const CLIENT = '6f0c3f64-0000-4000-8000-000000000002';

describe('NewestFirstReplay: what a projection says an event writes without projecting it', () => {
  it('is exactly what projecting the event writes, for every event of a marketplace log that the registry reads', async () => {
    const db = new Database(':memory:');
    const events = new SqliteEventStore(db);
    for (const batch of marketplaceLog(MP, CLIENT, 4000, { batchEvents: 250, window: 40 })) await events.append(batch);
    const log = SqliteLogScan.beside(db);
    const declared = ALL_PROJECTIONS.filter((p) => (p.target === 'listing-search' ? p.listingOf : p.documentOf));
    expect(declared.map((p) => p.name).sort()).toEqual(['file-attachments', 'listing-search', 'listings', 'users']);
    let named = 0;
    let keyed = 0;
    let none = 0;
    for (const chunk of log.newestFirst(await events.headPosition(), 500)) {
      for (const row of chunk) {
        for (const projection of declared.filter((p) => handles(p, row[4]))) {
          // The same event twice: one undecoded (as the replay asks first), one projected.
          const event = () => scannedEvent(row);
          const [said, written] =
            projection.target === 'listing-search'
              ? [
                  projection.listingOf!(event()),
                  projection.project(event()).map((op) => (op.op === 'put' ? { marketplaceId: op.document.marketplaceId, id: op.document.id } : { marketplaceId: op.marketplaceId, id: op.id })),
                ]
              : [
                  projection.documentOf!(event()),
                  projection
                    .project(event())
                    .map((op) =>
                      op.op === 'put'
                        ? { collection: op.collection, marketplaceId: op.document.marketplaceId, id: op.document.id, keys: op.document.keys ?? [] }
                        : { collection: op.collection, marketplaceId: op.marketplaceId, id: op.id, keys: [] },
                    ),
                ];
          if (said === undefined) continue;
          if (said === null) {
            none += 1;
            expect(written).toEqual([]);
            continue;
          }
          named += 1;
          // A document named must be the one written, with the unique keys it names.
          if (projection.target === 'listing-search') expect(written).toEqual([said]);
          else {
            const { keys = [], ...document } = said as DocumentRef;
            if (keys.length > 0) keyed += 1;
            expect(written).toEqual([{ ...document, keys }]);
          }
        }
      }
    }
    log.close();
    expect(named).toBeGreaterThan(1000);
    expect(keyed).toBeGreaterThan(300);
    expect(none).toBeGreaterThan(500);
  });
});
