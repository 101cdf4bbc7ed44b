import { conflict, invalidValue } from '../../shared/api-error';
import type { ActionInput, TransactionAction } from './action';
import type { StockReservationRef } from './transaction.events';

const QUANTITY = { required: ['stockReservationQuantity'], optional: [] };

/** A reservation of the listing's stock for the transaction (≤ 1 per transaction); the stock ledger decides it. */
const create = (state: 'pending' | 'proposed'): TransactionAction => ({
  params: QUANTITY,
  run: ({ tx, params, newId }) => {
    if (tx.stockReservation) throw conflict('transaction-invalid-action-sequence', 'The transaction already has a stock reservation.');
    const quantity = params.stockReservationQuantity;
    if (!Number.isSafeInteger(quantity) || (quantity as number) < 1)
      throw invalidValue(['params', 'stockReservationQuantity'], 'body', 'stockReservationQuantity must be a positive integer');
    const reservation: StockReservationRef = { reservationId: newId(), quantity: quantity as number, state };
    return { changes: { stockReservation: reservation }, ledger: [{ type: 'reserve-stock', reservationId: reservation.reservationId, quantity: reservation.quantity, state }] };
  },
});

const reservationOf = (input: ActionInput): StockReservationRef => {
  if (!input.tx.stockReservation) throw conflict('transaction-invalid-action-sequence', 'The transaction has no stock reservation.');
  return input.tx.stockReservation;
};

/** A move the stock ledger checks against §7's table (409 `stock-reservation-invalid-state` from a wrong state). */
const move = (type: 'accept-stock' | 'decline-stock' | 'cancel-stock', to: StockReservationRef['state']): TransactionAction => ({
  params: { required: [], optional: [] },
  run: (input) => {
    const r = reservationOf(input);
    return { changes: { stockReservation: { ...r, state: to } }, ledger: [{ type, reservationId: r.reservationId }] };
  },
});

/** The stock reservation actions of reference §2 over the stock ledger. */
export const STOCK_ACTIONS: Record<string, TransactionAction> = {
  'action/create-pending-stock-reservation': create('pending'),
  'action/create-proposed-stock-reservation': create('proposed'),
  'action/accept-stock-reservation': move('accept-stock', 'accepted'),
  'action/decline-stock-reservation': move('decline-stock', 'declined'),
  'action/cancel-stock-reservation': move('cancel-stock', 'cancelled'),
};
