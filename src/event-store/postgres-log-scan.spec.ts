import { PostgresDatabase } from '../infrastructure/postgres-database';
import { freshPostgresDatabase, skipWithoutPostgres } from '../../test/support/postgres';
import { postgresNewestFirst } from './postgres-log-scan';
import { PostgresEventStore } from './postgres-event-store';

const MP = '6f0c3f64-0000-4000-8000-000000000001';

if (skipWithoutPostgres('postgresNewestFirst')) {
  describe('postgresNewestFirst', () => {
    let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
    let db: PostgresDatabase;
    beforeAll(async () => {
      database = await freshPostgresDatabase('log_scan');
      db = await PostgresDatabase.open({ url: database.url, maxConnections: 3 });
      const events = await PostgresEventStore.open(db);
      const event = (i: number) => ({ type: 'thing/happened', data: { i }, metadata: { marketplaceId: MP, createdAt: '2026-01-01T00:00:00.000Z', public: false } });
      for (let i = 0; i < 10; i += 1) await events.append([{ streamId: `s-${i}`, expectedRevision: 'any', events: Array.from({ length: 10 }, (_, j) => event(i * 10 + j)) }]);
      // Gaps (appends rolled back leave them): one inside a window, one of many windows, and the log's first events.
      await db.query('DELETE FROM events WHERE position IN (95, 50) OR position BETWEEN 20 AND 44 OR position <= 3');
    });
    afterAll(async () => {
      await db.close();
      await database.drop();
    });

    it('reads every event up to a position once, newest first, across gaps, whatever the window and the reads ahead', async () => {
      const expected = Array.from({ length: 98 }, (_, i) => 98 - i).filter((p) => ![95, 50].includes(p) && !(p >= 20 && p <= 44) && p > 3);
      for (const [window, ahead] of [[7, 1], [7, 2], [5, 3], [200, 2], [1, 4]]) {
        const positions: number[] = [];
        for await (const chunk of postgresNewestFirst(db, 98, window, ahead)) positions.push(...chunk.map((row) => row[0]));
        expect({ window, ahead, positions }).toEqual({ window, ahead, positions: expected });
      }
    });
  });
}
