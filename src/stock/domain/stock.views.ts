import { Uuid } from '../../shared/values';
import type { AdjustmentData, ReservationData } from './stock.events';

type Ref = { data: { id: Uuid; type: string } | null };

export interface StoredAdjustment {
  id: Uuid;
  type: 'stockAdjustment';
  attributes: { at: Date; quantity: number };
  relationships: { listing: Ref; stockReservation: Ref };
}

export interface StoredReservation {
  id: Uuid;
  type: 'stockReservation';
  attributes: { quantity: number; state: string };
  relationships: { listing: Ref; transaction: Ref };
}

/** The `stock` resource: one per listing, with the listing's id. */
export interface StoredStock {
  id: Uuid;
  type: 'stock';
  attributes: { quantity: number };
}

const ref = (id: string | null, type: string): Ref => ({ data: id ? { id: new Uuid(id), type } : null });

export const storedAdjustment = (a: AdjustmentData): StoredAdjustment => ({
  id: new Uuid(a.id),
  type: 'stockAdjustment',
  attributes: { at: new Date(a.at), quantity: a.quantity },
  relationships: { listing: ref(a.listingId, 'listing'), stockReservation: ref(a.reservationId, 'stockReservation') },
});

export const storedReservation = (r: ReservationData): StoredReservation => ({
  id: new Uuid(r.id),
  type: 'stockReservation',
  attributes: { quantity: r.quantity, state: r.state },
  relationships: { listing: ref(r.listingId, 'listing'), transaction: ref(r.transactionId, 'transaction') },
});

export const storedStock = (listingId: string, quantity: number): StoredStock => ({ id: new Uuid(listingId), type: 'stock', attributes: { quantity } });
