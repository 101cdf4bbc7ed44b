// The README's example, type-checked with the repository (tsconfig.json includes packages/).
import type { components, operations } from './index';

// The official SDK ships no types of its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sharetribeSdk = require('sharetribe-flex-sdk');

type Listing = components['schemas']['Resource.listing'];
type ListingQuery = NonNullable<operations['api.listings.query']['parameters']['query']>;
type ListingPage = operations['api.listings.query']['responses']['200']['content']['application/json'];

/** Titles of the first page of published listings matching `keywords`. */
export const listingTitles = async (baseUrl: string, clientId: string, keywords: string): Promise<string[]> => {
  const sdk = sharetribeSdk.createInstance({ clientId, baseUrl });
  const query: ListingQuery = { keywords, perPage: '10' };
  // The SDK decodes Transit: ids are its UUID class, money its Money class; the JSON shapes hold for the rest.
  const answer: { data: ListingPage } = await sdk.listings.query(query);
  return answer.data.data.map((listing: Listing) => listing.attributes.title ?? '');
};
