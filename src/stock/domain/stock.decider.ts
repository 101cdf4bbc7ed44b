import { Map as PersistentMap } from 'immutable';
import { apiError, conflict } from '../../shared/api-error';
import type { Decider } from '../../shared/decider';
import type { AdjustmentData, ReservationData, ReservationState, StockEvent } from './stock.events';

/** A listing's stock: whether any is defined, the total (the sum of adjustments) and its reservations. */
export interface StockState {
  defined: boolean;
  total: number;
  /** Persistent, as the availability's: a fold of one more reservation does not copy all the others. */
  reservations: PersistentMap<string, ReservationData>;
}

/** What every change carries: the id its adjustment gets (if it makes one) and when it takes effect. */
interface At {
  listingId: string;
  adjustmentId: string;
  at: Date;
}

export type StockCommand =
  | (At & { type: 'compare-and-set'; oldTotal: number | null; newTotal: number })
  | (At & { type: 'adjust'; quantity: number })
  | (At & { type: 'reserve'; reservationId: string; transactionId: string | null; quantity: number; state: 'pending' | 'proposed' })
  | (At & { type: 'accept' | 'decline' | 'cancel'; reservationId: string });

export const initialStockState = (): StockState => ({ defined: false, total: 0, reservations: PersistentMap() });

/** The state as plain data (a snapshot's form, version 2) and back. */
export const stockSnapshotForm = {
  write: (state: StockState) => ({ ...state, reservations: state.reservations.toObject() }),
  read: (stored: Omit<StockState, 'reservations'> & { reservations: Record<string, ReservationData> }): StockState => ({ ...stored, reservations: PersistentMap(stored.reservations) }),
};

export const evolveStock = (state: StockState, event: StockEvent): StockState => {
  switch (event.type) {
    case 'stockAdjustment/created':
      return { ...state, defined: true, total: event.data.total };
    case 'stockReservation/created':
      return { ...state, reservations: state.reservations.set(event.data.id, event.data) };
    case 'stockReservation/updated': {
      const r = state.reservations.get(event.data.id)!;
      return { ...state, reservations: state.reservations.set(r.id, { ...r, state: event.data.state }) };
    }
  }
};

const insufficient = () => conflict('transaction-listing-insufficient-stock', 'The listing does not have enough stock.');

const adjustment = (c: At, state: StockState, quantity: number, reservationId: string | null = null): StockEvent => {
  const data: AdjustmentData = { id: c.adjustmentId, listingId: c.listingId, at: c.at.toISOString(), quantity, total: state.total + quantity, reservationId };
  return { type: 'stockAdjustment/created', data };
};

/**
 * The §7 table: which reservation moves change stock. A reservation that takes stock needs that much available.
 * `to` → from-states and the adjustment's sign (−1 takes, +1 gives back, 0 none).
 */
const MOVES: Record<'accept' | 'decline' | 'cancel', { to: ReservationState; from: Partial<Record<ReservationState, -1 | 0 | 1>> }> = {
  accept: { to: 'accepted', from: { proposed: -1, pending: 0 } },
  decline: { to: 'declined', from: { pending: 1, proposed: 0 } },
  cancel: { to: 'cancelled', from: { accepted: 1, pending: 1 } },
};

export const stockDecider: Decider<StockCommand, StockState, StockEvent> = {
  initialState: initialStockState,
  evolve: evolveStock,
  decide: (c, state) => {
    switch (c.type) {
      case 'compare-and-set': {
        const current = state.defined ? state.total : null;
        if (current !== c.oldTotal) throw conflict('old-total-mismatch', `The listing's stock is ${current === null ? 'not defined' : current}, not ${c.oldTotal}.`);
        if (state.defined && c.newTotal === state.total) return [];
        return [adjustment(c, state, c.newTotal - state.total)];
      }
      case 'adjust':
        if (state.total + c.quantity < 0) throw apiError(400, 'validation-invalid-value', 'The adjustment would make the stock negative.', { source: { path: ['quantity'], type: 'body' } });
        return [adjustment(c, state, c.quantity)];
      case 'reserve': {
        if (state.reservations.has(c.reservationId)) return [];
        if (!state.defined || (c.state === 'pending' && state.total < c.quantity)) throw insufficient();
        const reservation: ReservationData = { id: c.reservationId, listingId: c.listingId, transactionId: c.transactionId, quantity: c.quantity, state: c.state };
        const created: StockEvent = { type: 'stockReservation/created', data: reservation };
        return c.state === 'pending' ? [created, adjustment(c, state, -c.quantity, c.reservationId)] : [created];
      }
      default: {
        const r = state.reservations.get(c.reservationId);
        if (!r) throw conflict('stock-reservation-not-found', 'No such stock reservation.');
        const move = MOVES[c.type];
        if (r.state === move.to) return [];
        const sign = move.from[r.state];
        if (sign === undefined) throw conflict('stock-reservation-invalid-state', `A ${r.state} stock reservation cannot become ${move.to}.`);
        if (sign < 0 && state.total < r.quantity) throw insufficient();
        const updated: StockEvent = { type: 'stockReservation/updated', data: { id: r.id, state: move.to } };
        // Stock comes back after the state change is recorded: release actions last (§7).
        return sign === 0 ? [updated] : [updated, adjustment(c, state, sign * r.quantity, r.id)];
      }
    }
  },
};
