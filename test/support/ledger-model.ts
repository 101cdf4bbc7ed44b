import type { DomainEvent } from '../../src/shared/decider';
import type { StreamModel } from '../../src/event-sourcing/stream-model';

/** A toy ledger for the runner's specs: seats held by bookings, never more than its capacity. */
export type Ledger = { capacity: number; held: number };
export type LedgerEvent = DomainEvent<'ledger/opened', { capacity: number }> | DomainEvent<'ledger/reserved', { seats: number }>;
export const ledgerModel: StreamModel<Ledger, LedgerEvent> = {
  name: 'ledger',
  initialState: () => ({ capacity: 0, held: 0 }),
  evolve: (s, e) => (e.type === 'ledger/opened' ? { capacity: e.data.capacity, held: 0 } : { ...s, held: s.held + e.data.seats }),
};
