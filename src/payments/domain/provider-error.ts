/** Stripe's error object, as in its API's `error` body. */
export interface ProviderErrorBody {
  type: 'card_error' | 'invalid_request_error' | 'api_error' | 'idempotency_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  /** The intent the error is about (Stripe.js puts it in card errors). */
  payment_intent?: Record<string, unknown>;
  setup_intent?: Record<string, unknown>;
}

/** The provider refused a call (a declined card, an unknown token, a bad parameter). */
export class PaymentProviderError extends Error {
  constructor(readonly body: ProviderErrorBody) {
    super(body.message);
    this.name = 'PaymentProviderError';
  }
}

export const invalidRequest = (message: string, code?: string, param?: string): PaymentProviderError =>
  new PaymentProviderError({ type: 'invalid_request_error', message, ...(code ? { code } : {}), ...(param ? { param } : {}) });

export const noSuch = (what: string, id: string, param?: string): PaymentProviderError =>
  invalidRequest(`No such ${what}: '${id}'`, 'resource_missing', param);
