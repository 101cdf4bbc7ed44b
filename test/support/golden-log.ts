import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CreatedMarketplace } from '../../src/marketplaces/commands/create-marketplace.handler';
import { decodeStored } from '../../src/shared/stored-json';
import { integrationSdkFor, marketplaceSdk, sharetribeSdk } from './sdks';
import type { TestServer } from './test-server';

/** test/golden/<release>/: a release's recorded log, its blobs, and the API's answers to `goldenSweep`. */
export const GOLDEN = join(__dirname, '..', 'golden');
export const GOLDEN_PASSWORD = 'golden-password';
const { UUID } = sharetribeSdk.types;

export interface GoldenMeta {
  marketplace: CreatedMarketplace;
  clockAt: string;
  users: Record<string, string>;
  ids: Record<string, string>;
}
export type StoredLine = { streamId: string; id: string; type: string; data: string; metadata: string };

/** The reads compared: Integration API views of everything, a party's and an anonymous reader's Marketplace API views. */
export const goldenSweep = async (baseUrl: string, meta: Pick<GoldenMeta, 'marketplace' | 'users' | 'ids'>): Promise<Record<string, unknown>> => {
  const integ = integrationSdkFor(baseUrl, meta.marketplace);
  const anon = marketplaceSdk(baseUrl, meta.marketplace);
  const buyer = marketplaceSdk(baseUrl, meta.marketplace, { tokenStore: sharetribeSdk.tokenStore.memoryStore() });
  await buyer.login({ username: meta.users.buyer, password: GOLDEN_PASSWORD });
  const seller = marketplaceSdk(baseUrl, meta.marketplace, { tokenStore: sharetribeSdk.tokenStore.memoryStore() });
  await seller.login({ username: meta.users.seller, password: GOLDEN_PASSWORD });
  const all = { include: ['booking', 'stockReservation', 'reviews', 'messages', 'listing', 'customer', 'provider'], perPage: 100 };
  const answers: Record<string, unknown> = {
    'integ marketplace/show': (await integ.marketplace.show({})).data,
    'integ users/query': (await integ.users.query({ perPage: 100 })).data,
    'integ listings/query': (await integ.listings.query({ include: ['images', 'author', 'currentStock'], perPage: 100 })).data,
    'integ transactions/query': (await integ.transactions.query(all)).data,
    'integ events/query': (await integ.events.query({ startAfterSequenceId: 0 })).data.data.map((e: { attributes: Record<string, unknown> }) => {
      // sequenceId is the log position: a replay assigns its own (the order is what is compared).
      const { sequenceId: _position, ...rest } = e.attributes;
      return rest;
    }),
    'api transactions/query (buyer)': (await buyer.transactions.query({ ...all, only: 'order' })).data,
    'api current_user/show (buyer)': (await buyer.currentUser.show({ include: ['stripeCustomer.defaultPaymentMethod'] })).data,
    // Folded from the user's payments stream and the emulator's objects (write-side state, not a read model).
    'api current_user/show (seller)': (await seller.currentUser.show({ include: ['stripeAccount'] })).data,
    'api stripe_account/fetch (seller)': (await seller.stripeAccount.fetch()).data,
    'api listings/query (anonymous)': (await anon.listings.query({ include: ['images', 'author'] })).data,
    'api reviews/query (anonymous)': (await anon.reviews.query({ listingId: new UUID(meta.ids.hourly), include: ['author'] })).data,
    'assets latest': (await anon.assetsByAlias({ paths: ['/content/top-bar.json', '/design/branding.json'], alias: 'latest' })).data,
  };
  return JSON.parse(JSON.stringify(answers).split(baseUrl).join('<base>'));
};

/**
 * Puts a release's golden log into a test server's store as it was recorded (every event as stored, its blobs),
 * with the server's background work stopped (the log is history: no job may run again, no reaction happen again),
 * and the clock at the time of the recording. Answers the release's meta.
 */
export const replayGoldenLog = async (server: TestServer, release: string): Promise<GoldenMeta> => {
  const folder = join(GOLDEN, release);
  const meta = JSON.parse(readFileSync(join(folder, 'meta.json'), 'utf8')) as GoldenMeta;
  await server.infra.background?.stop();
  const lines = readFileSync(join(folder, 'log.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as StoredLine);
  for (const line of lines)
    await server.infra.events.append([{ streamId: line.streamId, expectedRevision: 'any', events: [{ id: line.id, type: line.type, data: decodeStored(line.data), metadata: decodeStored(line.metadata) }] }]);
  cpSync(join(folder, 'blobs'), join(server.infra.config.dataDir, 'blobs'), { recursive: true });
  server.clock.advance(new Date(meta.clockAt).getTime() - server.clock.now().getTime());
  return meta;
};
