import type { Resource } from '../../http/resource';
import type { StoredBooking, StoredMessage, StoredReview, StoredTransaction } from '../domain/transaction.views';

/** The data APIs' views: the same attributes in both APIs (a party sees its transaction's protected data). */
export const transactionResource = (t: StoredTransaction): Resource => ({ id: t.id.uuid, type: 'transaction', attributes: { ...t.attributes } });
export const reviewResource = (r: StoredReview): Resource => ({ id: r.id.uuid, type: 'review', attributes: { ...r.attributes } });
export const messageResource = (m: StoredMessage): Resource => ({ id: m.id.uuid, type: 'message', attributes: { ...m.attributes } });
export const bookingResource = (b: StoredBooking): Resource => ({ id: b.id.uuid, type: 'booking', attributes: { ...b.attributes } });
