import type { BlobStore } from '../blobs/blob-store.port';
import type { CommandRunner } from '../event-sourcing/command-runner';
import type { EventStore } from '../event-store/event-store.port';
import { streams } from '../event-store/stream-names';
import type { SourceFile } from '../assets/asset-preparation';
import type { PublicationSummary } from '../assets/asset-publication';
import type { CreatedMarketplace } from '../marketplaces/commands/create-marketplace.handler';
import { derivedUuid } from '../shared/ids';
import { AssetSource, importAssets } from './import-assets';
import { importListings } from './import-listings';
import { ApiImportReport, newReport } from './import-report';
import type { ImportTarget } from './import-target';
import { importTransactions } from './import-transactions';
import { importUsers } from './import-users';
import { notMovedLines } from './not-moved';
import { SourceApi, SourceApiOptions } from './source-api';

export interface ApiImportStore {
  runner: CommandRunner;
  blobs: BlobStore;
  events: EventStore;
  createMarketplace(name: string, marketplaceId: string, requestId: string): Promise<CreatedMarketplace>;
  publishAssets(marketplaceId: string, files: SourceFile[]): Promise<PublicationSummary>;
}

export interface ApiImportOptions extends SourceApiOptions {
  /** The marketplace id here (default: the source's own, so that its ids and relationships read the same). */
  as?: string;
  /** The source's Asset Delivery API (default: the base URL, opened with the Integration API client id, as this server allows). */
  assets?: Partial<AssetSource>;
  now: Date;
}

/** An operator's mistake, refused in one line before anything is written. */
export class ApiImportRefusedError extends Error {}

/** A run that stopped part way (the source went away, the process was told to stop): what it did, for the operator. */
export class ApiImportInterruptedError extends Error {
  constructor(
    readonly report: ApiImportReport,
    cause: Error,
  ) {
    super(`The import stopped: ${cause.message}. Run the same command again: it goes on from where it stopped.`);
  }
}

/**
 * The marketplace to fill: created on the first run (named by a request id derived from the source, which its first
 * event keeps), recognised on the next ones; any other marketplace of that id is refused.
 */
const openTarget = async (store: ApiImportStore, sourceId: string, name: string, marketplaceId: string, report: ApiImportReport): Promise<void> => {
  const requestId = derivedUuid(`${sourceId}/marketplace`);
  const first = (await store.events.readStream(streams.marketplace(marketplaceId), 0))[0];
  if (first) {
    if (first.metadata.auditData?.requestId !== requestId)
      throw new ApiImportRefusedError(`Marketplace ${marketplaceId} is already in this store and is not an earlier import of this source: import under another id with --as <new id>.`);
    return;
  }
  const created = await store.createMarketplace(name, marketplaceId, requestId);
  report.createdClients = [created.marketplaceClient, created.integrationClient];
};

/**
 * Recreates a marketplace read through another server's Integration API (and its Asset Delivery API) in this store:
 * users, listings, transactions, assets, in that order (each one's relationships point at what came before). Every
 * resource keeps its source id and is written by one decision that appends nothing when the resource is here
 * already: interrupted, the import is run again and goes on; run twice, it adds nothing.
 */
export const importFromApi = async (store: ApiImportStore, options: ApiImportOptions): Promise<ApiImportReport> => {
  const started = Date.now();
  const source = new SourceApi(options);
  const marketplace = (await source.get('marketplace/show')).data;
  const marketplaceId = options.as ?? marketplace.id;
  const report = newReport({ marketplaceId, sourceMarketplaceId: marketplace.id, sourceBaseUrl: source.baseUrl });
  await openTarget(store, marketplace.id, marketplace.attributes.name, marketplaceId, report);
  const target: ImportTarget = { runner: store.runner, blobs: store.blobs, marketplaceId, sourceMarketplaceId: marketplace.id, importedAt: options.now.toISOString() };
  try {
    await importUsers(target, source, report);
    await importListings(target, source, report);
    await importTransactions(target, source, report);
    const assets = { baseUrl: options.baseUrl, clientId: options.clientId, extraPaths: [], ...options.assets };
    await importAssets(target, source, assets, (files) => store.publishAssets(marketplaceId, files), report);
    report.notMoved.push(...notMovedLines(report), ...source.cutShort);
  } catch (error) {
    throw new ApiImportInterruptedError(report, error as Error);
  } finally {
    report.requests = source.requests;
    report.throttled = source.throttled;
    report.waitedSeconds = source.waitedSeconds;
    report.seconds = (Date.now() - started) / 1000;
  }
  return report;
};
