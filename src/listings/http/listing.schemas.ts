import { boolean, enumOf, extendedData, latLng, money, nullable, resourceSchema, string, timestamp } from '../../http/openapi/resource-schema';

/**
 * The listing views' answer shapes (src/listings/domain/listing.views.ts). A deleted listing still answers as a
 * related resource with `deleted: true` and every other attribute null, hence the nullability.
 */
const STATE = nullable(enumOf('draft', 'pendingApproval', 'published', 'closed'));
const common = {
  title: nullable(string),
  description: nullable(string),
  geolocation: nullable(latLng),
  createdAt: nullable(timestamp),
  price: nullable(money),
  availabilityPlan: nullable({ type: 'object', additionalProperties: true, description: 'An availability plan: type day or time, a time zone and entries.' }),
  state: STATE,
  deleted: boolean,
  publicData: nullable(extendedData),
  metadata: nullable(extendedData),
};
const withPrivateData = { ...common, privateData: nullable(extendedData) };

/** Marketplace API `listing`: as every visitor sees it, no private data. */
export const LISTING_SCHEMA = resourceSchema('listing', common);
/** Marketplace API `ownListing`: the author's view. */
export const OWN_LISTING_SCHEMA = resourceSchema('ownListing', withPrivateData);
/** Integration API `listing`: every attribute. */
export const INTEGRATION_LISTING_SCHEMA = resourceSchema('listing', withPrivateData, { name: 'integrationListing' });
