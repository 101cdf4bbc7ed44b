import type { CreatedMarketplace } from '../../src/marketplaces/commands/create-marketplace.handler';
// The official SDKs, exactly as a marketplace application uses them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sharetribeSdk = require('sharetribe-flex-sdk');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const integrationSdk = require('sharetribe-flex-integration-sdk');

export { sharetribeSdk, integrationSdk };

export const marketplaceSdk = (baseUrl: string, marketplace: CreatedMarketplace, options: Record<string, unknown> = {}) =>
  sharetribeSdk.createInstance({
    clientId: marketplace.marketplaceClient.clientId,
    baseUrl,
    assetCdnBaseUrl: baseUrl,
    tokenStore: sharetribeSdk.tokenStore.memoryStore(),
    ...options,
  });

export const trustedMarketplaceSdk = (baseUrl: string, marketplace: CreatedMarketplace, tokenStore: unknown) =>
  sharetribeSdk.createInstance({
    clientId: marketplace.marketplaceClient.clientId,
    clientSecret: marketplace.marketplaceClient.clientSecret,
    baseUrl,
    tokenStore,
  });

export const integrationSdkFor = (baseUrl: string, marketplace: CreatedMarketplace) =>
  integrationSdk.createInstance({
    clientId: marketplace.integrationClient.clientId,
    clientSecret: marketplace.integrationClient.clientSecret,
    baseUrl,
  });

/** The rejection of an SDK call, for asserting on status and error codes. */
export const failureOf = async (promise: Promise<unknown>): Promise<{ status: number; statusText: string; data: any }> => {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; statusText: string; data: any };
  }
  throw new Error('expected the call to fail');
};
