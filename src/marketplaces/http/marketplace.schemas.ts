import { nullable, resourceSchema, string } from '../../http/openapi/resource-schema';

/** `marketplace` (src/marketplaces/domain/marketplace.decider.ts, marketplaceView); `description` is deprecated. */
export const MARKETPLACE_SCHEMA = resourceSchema('marketplace', { name: string, description: nullable(string) });
