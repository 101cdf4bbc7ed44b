import { PostgresEventStore } from '../event-store/postgres-event-store';
import { conflict } from '../shared/api-error';
import type { CommandContext } from '../shared/command-context';
import { ledgerModel } from '../../test/support/ledger-model';
import { onFreshPostgres, skipWithoutPostgres } from '../../test/support/postgres';
import { CommandRunner } from './command-runner';
import { internalStream } from './stream-model';

const ctx: CommandContext = { marketplaceId: 'mp', clientId: null, userId: null, adminId: null, requestId: null, source: 'source/console', now: new Date('2026-01-01T00:00:00Z') };
const ledger = internalStream(ledgerModel, 'mp:ledger-hot');

if (skipWithoutPostgres('CommandRunner on PostgreSQL: chained decisions')) {
  describe('CommandRunner on PostgreSQL: chained decisions on a contended stream', () => {
    it('books exactly the seats there are, deciding on queued states so that several bookings share a transaction', async () => {
      const { store, cleanup } = await onFreshPostgres('runner-chains', PostgresEventStore.open)();
      try {
        const runner = new CommandRunner(store, { waitFor: async () => undefined });
        await runner.run({ ctx, streams: { ledger }, decide: () => ({ events: { ledger: [{ type: 'ledger/opened' as const, data: { capacity: 15 } }] } }) });
        const transactions = jest.spyOn(store, 'withAppendsPaused');
        const book = () =>
          runner.run({
            ctx,
            streams: { ledger },
            decide: (s) => {
              if (s.ledger.held >= s.ledger.capacity) throw conflict('no-seat', 'No seat left.');
              return { events: { ledger: [{ type: 'ledger/reserved' as const, data: { seats: 1 } }] } };
            },
          });
        const outcomes = await Promise.allSettled(Array.from({ length: 20 }, book));
        const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as { code?: string }).code ?? String(o.reason)] : []));
        expect(refusals).toEqual(Array(5).fill('no-seat'));
        const events = await store.readStream(ledger.streamId);
        expect(events.filter((e) => e.type === 'ledger/reserved')).toHaveLength(15);
        // Each booking that lost the first race decided on the state the previous one's queued append leaves, and
        // joined the next transaction: 6 to 11 transactions in runs here, 16 each time without chaining.
        expect(transactions.mock.calls.length).toBeLessThan(14);
      } finally {
        await cleanup();
      }
    });
  });
}
