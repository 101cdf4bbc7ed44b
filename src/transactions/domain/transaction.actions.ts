import { apiError, conflict, invalidValue } from '../../shared/api-error';
import { mergeExtendedData } from '../../shared/resource-diff';
import { fullRefund, priceLineItems } from './line-items';
import type { TransactionAction } from './action';
import { BOOKING_ACTIONS } from './booking.actions';
import { PAYMENT_ACTIONS } from './payment.actions';
import { STOCK_ACTIONS } from './stock-reservation.actions';
import type { ReviewCreated } from './transaction.events';

export type { ActionInput, ActionResult, TransactionAction } from './action';

const MAX_EXTENDED = 50 * 1024;

const extendedParam = (value: unknown, key: string): Record<string, unknown> | null => {
  if (value === undefined) return null;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Buffer.byteLength(JSON.stringify(value)) > MAX_EXTENDED)
    throw invalidValue(['params', key], 'body', `${key} must be an object of at most 50KB as JSON`);
  return value as Record<string, unknown>;
};

const merge = (key: 'protectedData' | 'metadata'): TransactionAction => ({
  params: { required: [], optional: [key] },
  run: ({ tx, params }) => {
    const given = extendedParam(params[key], key);
    return given ? { changes: { [key]: mergeExtendedData(tx[key], given) } } : {};
  },
});

const review = (type: 'ofProvider' | 'ofCustomer'): TransactionAction => ({
  params: { required: ['reviewRating', 'reviewContent'], optional: [] },
  run: ({ tx, params, now, newId }) => {
    const byCustomer = type === 'ofProvider';
    const authorId = (byCustomer ? tx.customerId : tx.providerId)!;
    if (tx.reviews.some((r) => r.type === type))
      throw conflict(byCustomer ? 'transaction-already-reviewed-by-customer' : 'transaction-already-reviewed-by-provider', 'This party has already reviewed the transaction.');
    const rating = params.reviewRating;
    if (!Number.isInteger(rating) || (rating as number) < 1 || (rating as number) > 5) throw invalidValue(['params', 'reviewRating'], 'body', 'reviewRating must be an integer from 1 to 5');
    if (typeof params.reviewContent !== 'string' || params.reviewContent.length > 10_000)
      throw invalidValue(['params', 'reviewContent'], 'body', 'reviewContent must be a string of at most 10000 characters');
    const created: ReviewCreated = {
      reviewId: newId(),
      type,
      rating: rating as number,
      content: params.reviewContent,
      authorId,
      subjectId: (byCustomer ? tx.providerId : tx.customerId)!,
      listingId: tx.listingId!,
      createdAt: now.toISOString(),
    };
    return { events: [{ type: 'review/created', data: created }] };
  },
});

const reveal = (party: 'customer' | 'provider'): TransactionAction => ({
  params: { required: [], optional: [] },
  run: ({ tx, config, protectedDataOf }) => {
    const mapping = (config['key-mapping'] ?? {}) as Record<string, unknown>;
    const source = protectedDataOf[party];
    const revealed = Object.fromEntries(Object.entries(mapping).filter(([userKey]) => userKey in source).map(([userKey, txKey]) => [String(txKey), source[userKey]]));
    return Object.keys(revealed).length === 0 ? {} : { changes: { protectedData: { ...tx.protectedData, ...revealed } } };
  },
});

/** An action whose aggregate or provider is not part of this server yet: 409, and the transition stores nothing. */
const unavailable = (needs: string): TransactionAction => ({
  params: { required: [], optional: [] },
  run: () => {
    throw apiError(409, 'transaction-action-unavailable', `This action needs ${needs}, which this server does not provide yet; the transition was not run.`);
  },
});

const withParams = (a: TransactionAction, params: TransactionAction['params']): TransactionAction => ({ ...a, params });

export const ACTIONS: Record<string, TransactionAction> = {
  'action/update-protected-data': merge('protectedData'),
  'action/privileged-update-metadata': merge('metadata'),
  'action/privileged-set-line-items': {
    params: { required: ['lineItems'], optional: [] },
    run: ({ params }) => ({ changes: priceLineItems(params.lineItems) }),
  },
  'action/calculate-full-refund': {
    params: { required: [], optional: [] },
    run: ({ tx }) => {
      if (tx.lineItems.some((l) => l.reversal)) throw conflict('transaction-invalid-action-sequence', 'The transaction has already been refunded.');
      return { changes: fullRefund(tx.lineItems) };
    },
  },
  'action/post-review-by-customer': review('ofProvider'),
  'action/post-review-by-provider': review('ofCustomer'),
  'action/publish-reviews': {
    params: { required: [], optional: [] },
    run: ({ tx }) => ({ events: tx.reviews.filter((r) => r.state === 'pending').map((r) => ({ type: 'review/updated', data: { reviewId: r.reviewId, state: 'public' } })) }),
  },
  'action/reveal-customer-protected-data': reveal('customer'),
  'action/reveal-provider-protected-data': reveal('provider'),
  'action/fail': {
    params: { required: [], optional: [] },
    run: () => {
      throw conflict('transaction-invalid-action-sequence', 'The transition runs :action/fail, which always fails.');
    },
  },
  'action/set-negotiated-total-price': withParams(unavailable('negotiated totals, which are not implemented yet'), { required: ['negotiatedTotal'], optional: [] }),
  ...BOOKING_ACTIONS,
  ...STOCK_ACTIONS,
  /**
   * The listing's protected files as they are now, each with a new attachment of the transaction (the listing may
   * change its files later; the transaction keeps these). Files still verifying are revealed too: a download
   * answers 409 file-not-available until the file is available, and never for a deleted one.
   */
  'action/reveal-listing-protected-files': {
    params: { required: [], optional: [] },
    run: ({ listingFiles, newId }) => ({ changes: { protectedFileAttachments: listingFiles.map((a) => ({ attachmentId: newId(), fileId: a.fileId })) } }),
  },
  ...PAYMENT_ACTIONS,
};

/** Deprecated actions are accepted in a process (CLI rules) but not run: 409 when a transition reaches one. */
export const actionNamed = (name: string): TransactionAction => ACTIONS[name] ?? unavailable(`the deprecated :${name}`);
