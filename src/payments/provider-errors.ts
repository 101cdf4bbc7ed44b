import { ApiError, titleFor } from '../shared/api-error';
import { PaymentProviderError } from './payment-provider.port';

/**
 * A provider refusal as the spec's error: a refused parameter (Stripe names it in `param`: an unknown token, a bad
 * country) is 400 `validation-invalid-params`; any other refusal 409 `pay-invalid-request`. Both carry the
 * provider's message and codes in `meta` (`payMessage`, `payCode`, `payDeclineCode`; the `stripe_*` endpoints
 * rename them, see `forNaming`).
 */
export const apiErrorOf = (error: PaymentProviderError): ApiError => {
  const b = error.body;
  const code = b.param && b.type === 'invalid_request_error' ? 'validation-invalid-params' : 'pay-invalid-request';
  return new ApiError({
    status: code === 'validation-invalid-params' ? 400 : 409,
    code,
    title: titleFor(code),
    details: b.message,
    meta: { payMessage: b.message, payCode: b.code ?? null, payDeclineCode: b.decline_code ?? null },
  });
};

/** Runs a provider call, turning its refusal into the API's error. */
export const providerCall = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw apiErrorOf(error);
    throw error;
  }
};

export type Naming = 'pay' | 'stripe';

/** The spec writes `pay`, the SDK and the platform `stripe`: codes and meta keys follow the path the client called. */
export const forNaming = (error: unknown, naming: Naming): unknown => {
  if (naming === 'pay' || !(error instanceof ApiError)) return error;
  return new ApiError(
    error.items.map((item) => ({
      ...item,
      code: item.code.replace(/^pay-/, 'stripe-'),
      title: titleFor(item.code.replace(/^pay-/, 'stripe-')),
      ...(item.meta ? { meta: Object.fromEntries(Object.entries(item.meta).map(([k, v]) => [k.replace(/^pay/, 'stripe'), v])) } : {}),
    })),
  );
};
