import { specFor } from '../../../test/support/given-when-then';
import { StockCommand, stockDecider } from './stock.decider';
import type { StockEvent } from './stock.events';

const given = specFor(stockDecider);
const listingId = 'l1';
const at = new Date('2026-03-01T10:00:00.000Z');
const base = { listingId, adjustmentId: 'a9', at };
const adjusted = (quantity: number, total: number, reservationId: string | null = null, id = 'a9'): StockEvent => ({
  type: 'stockAdjustment/created',
  data: { id, listingId, at: at.toISOString(), quantity, total, reservationId },
});
const stockOf = (total: number) => [adjusted(total, total, null, 'a0')];
const reserve = (state: 'pending' | 'proposed', quantity = 2): StockCommand => ({ ...base, type: 'reserve', reservationId: 'r1', transactionId: 't1', quantity, state });
const reservation = (state: 'pending' | 'proposed', quantity = 2): StockEvent => ({ type: 'stockReservation/created', data: { id: 'r1', listingId, transactionId: 't1', quantity, state } });
const moved = (state: string): StockEvent => ({ type: 'stockReservation/updated', data: { id: 'r1', state: state as never } });
const move = (type: 'accept' | 'decline' | 'cancel'): StockCommand => ({ ...base, type, reservationId: 'r1' });

describe('stock decider: compare-and-set', () => {
  it('sets the first total from null, a later one from the current total; a stale oldTotal is old-total-mismatch', () => {
    given([]).when({ ...base, type: 'compare-and-set', oldTotal: null, newTotal: 0 }).then([adjusted(0, 0)]);
    given(stockOf(5)).when({ ...base, type: 'compare-and-set', oldTotal: 5, newTotal: 2 }).then([adjusted(-3, 2)]);
    given(stockOf(5)).when({ ...base, type: 'compare-and-set', oldTotal: 5, newTotal: 5 }).thenNothing();
    given(stockOf(5)).when({ ...base, type: 'compare-and-set', oldTotal: null, newTotal: 5 }).thenThrows('old-total-mismatch');
    given([]).when({ ...base, type: 'compare-and-set', oldTotal: 0, newTotal: 5 }).thenThrows('old-total-mismatch');
  });
});

describe('stock decider: the §7 adjustment table', () => {
  it('pending create −q; proposed create none; no stock or too little stock is insufficient', () => {
    given(stockOf(5)).when(reserve('pending')).then([reservation('pending'), adjusted(-2, 3, 'r1')]);
    given(stockOf(5)).when(reserve('proposed')).then([reservation('proposed')]);
    given(stockOf(1)).when(reserve('pending')).thenThrows('transaction-listing-insufficient-stock');
    given([]).when(reserve('pending')).thenThrows('transaction-listing-insufficient-stock');
  });

  it('proposed→accepted −q; pending→accepted none; pending→declined +q; accepted→cancelled +q', () => {
    given([...stockOf(5), reservation('proposed')]).when(move('accept')).then([moved('accepted'), adjusted(-2, 3, 'r1')]);
    const pending = [...stockOf(5), reservation('pending'), adjusted(-2, 3, 'r1', 'a1')];
    given(pending).when(move('accept')).then([moved('accepted')]);
    given(pending).when(move('decline')).then([moved('declined'), adjusted(2, 5, 'r1')]);
    given([...pending, moved('accepted')]).when(move('cancel')).then([moved('cancelled'), adjusted(2, 5, 'r1')]);
    given([...stockOf(5), reservation('proposed')]).when(move('decline')).then([moved('declined')]);
  });

  it('a repeated move is a no-op; an impossible one is refused; accepting a proposal needs the stock', () => {
    const declined = [...stockOf(5), reservation('pending'), adjusted(-2, 3, 'r1', 'a1'), moved('declined'), adjusted(2, 5, 'r1', 'a2')];
    given(declined).when(move('decline')).thenNothing();
    given(declined).when(move('accept')).thenThrows('stock-reservation-invalid-state');
    given([...stockOf(1), reservation('proposed')]).when(move('accept')).thenThrows('transaction-listing-insufficient-stock');
    given(stockOf(1)).when(move('accept')).thenThrows('stock-reservation-not-found');
  });
});
