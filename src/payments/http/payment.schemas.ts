import { nullable, resourceSchema, string, timestamp, type ResourceSchema } from '../../http/openapi/resource-schema';
import type { Naming } from '../provider-errors';

/**
 * The payment resources (src/payments/http/payment-resources.ts). The spec names them `pay*`, the SDK and the
 * Web Template `stripe*`: each endpoint answers in the naming of the path it was called by.
 */
const named = (build: (naming: Naming) => ResourceSchema) => ({ pay: build('pay'), stripe: build('stripe') });

export const ACCOUNT_SCHEMAS = named((n) =>
  resourceSchema(`${n}Account`, { [`${n}AccountId`]: string, [`${n}AccountData`]: nullable({ type: 'object', additionalProperties: true }) }),
);
export const ACCOUNT_LINK_SCHEMAS = named((n) => resourceSchema(`${n}AccountLink`, { url: { type: 'string', format: 'uri' }, expiresAt: timestamp }));
export const PERSON_SCHEMAS = named((n) => resourceSchema(`${n}Person`, { [`${n}PersonId`]: string }));
export const SETUP_INTENT_SCHEMAS = named((n) => resourceSchema(`${n}SetupIntent`, { [`${n}SetupIntentId`]: string, clientSecret: string }));
/** The customer is `stripeCustomer` under either name. */
export const CUSTOMER_SCHEMA = resourceSchema('stripeCustomer', { stripeCustomerId: string });

/** `returnsByPath` of an endpoint with both names: `pay_account/create` → payAccount, `stripe_account/create` → stripeAccount. */
export const byNaming = (schemas: Record<Naming, ResourceSchema>, path: string) => ({ [`pay_${path}`]: schemas.pay, [`stripe_${path}`]: schemas.stripe });
