import { CommandBus } from '@nestjs/cqrs';
import { InvalidArgumentError, type Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SourceFile } from '../assets/asset-preparation';
import type { PublicationSummary } from '../assets/asset-publication';
import { PublishAssetsCommand } from '../assets/commands/publish-assets.handler';
import { Config, loadConfig } from '../config';
import { storedLog } from '../event-store/shaped-event-store';
import { CreatedMarketplace, CreateMarketplaceCommand } from '../marketplaces/commands/create-marketplace.handler';
import { ApiImportInterruptedError, ApiImportOptions, importFromApi } from '../marketplace-import-api/import-from-api';
import { reportText, type ApiImportReport } from '../marketplace-import-api/import-report';
import { isUuid } from '../shared/values';
import { holdStoreForImport } from './archive.commands';
import { output, withCli } from './cli-context';
import { positiveInteger } from './numeric-options';

/**
 * Runs an import from another marketplace's API into the store `config` names, as `marketplace import-from-api`
 * does (tests call it in process): refused while a server runs on the store, like `marketplace import`.
 */
export const importFromApiInto = (config: Config, options: Omit<ApiImportOptions, 'now'>): Promise<ApiImportReport> =>
  withCli(
    async ({ app, infra, clock }) => {
      const held = await holdStoreForImport(infra);
      try {
        const store = {
          runner: infra.runner,
          blobs: infra.blobs,
          events: storedLog(infra.events),
          createMarketplace: (name: string, marketplaceId: string, requestId: string) =>
            app.get(CommandBus).execute<CreateMarketplaceCommand, CreatedMarketplace>(new CreateMarketplaceCommand(name, {}, marketplaceId, undefined, requestId)),
          publishAssets: (marketplaceId: string, files: SourceFile[]) => app.get(CommandBus).execute<PublishAssetsCommand, PublicationSummary>(new PublishAssetsCommand(marketplaceId, files)),
        };
        return await importFromApi(store, { ...options, now: clock.now() });
      } finally {
        await held?.release();
      }
    },
    { create: true, config },
  );

const positiveNumber = (value: string): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('It must be a number above 0.');
  return n;
};

interface ImportFromApiOptions {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
  as?: string;
  requestsPerSecond?: number;
  burst?: number;
  assetBaseUrl?: string;
  assetClientId?: string;
  assetPath?: string[];
  report?: string;
  json: boolean;
}

/** `marketplace import-from-api` (src/marketplace-import-api/: what moves, what cannot, and why). */
export const registerImportFromApiCommand = (marketplace: Command): void => {
  marketplace
    .command('import-from-api')
    .description("recreate a marketplace read through another server's Integration API (the hosted platform or one like this); resumable, a second run adds nothing")
    .requiredOption('--client-id <id>', "the source's Integration API client id")
    .requiredOption('--client-secret <secret>', "the source's Integration API client secret")
    .requiredOption('--base-url <url>', "the source's API base URL (e.g. https://flex-integ-api.sharetribe.com)")
    .option('--as <id>', "the marketplace id here (default: the source's)")
    .option('--requests-per-second <n>', "the client-side limit (default 1, the platform's documented dev/test query limit; raise it for a live marketplace)", positiveNumber)
    .option('--burst <n>', 'requests allowed at once before the limit applies (default 100)', positiveInteger)
    .option('--asset-base-url <url>', "the source's Asset Delivery API (the hosted platform: https://cdn.st-api.com; default: --base-url)")
    .option('--asset-client-id <id>', "the client id that opens the source's assets (its Marketplace API client id; default: --client-id)")
    .option('--asset-path <path...>', 'asset paths to read besides those the Web Template reads (the API lists none)')
    .option('--report <file>', 'also write the report as JSON to this file')
    .option('--json', 'machine-readable output', false)
    .action(async (opts: ImportFromApiOptions) => {
      if (opts.as !== undefined && !isUuid(opts.as)) throw new Error('--as must be a marketplace id (a UUID).');
      const assets = { ...(opts.assetBaseUrl ? { baseUrl: opts.assetBaseUrl } : {}), ...(opts.assetClientId ? { clientId: opts.assetClientId } : {}), extraPaths: opts.assetPath ?? [] };
      const options = { baseUrl: opts.baseUrl, clientId: opts.clientId, clientSecret: opts.clientSecret, as: opts.as, perSecond: opts.requestsPerSecond, burst: opts.burst, assets };
      const tell = (report: ApiImportReport) => {
        // Owner-only: it may hold the new API applications' secrets.
        if (opts.report) writeFileSync(resolve(opts.report), JSON.stringify(report, null, 2) + '\n', { mode: 0o600 });
        output(opts.json, report, () => reportText(report));
      };
      try {
        tell(await importFromApiInto(loadConfig(), options));
      } catch (error) {
        // What the stopped run did is told too: the API applications it created are shown only by their first run.
        if (error instanceof ApiImportInterruptedError) tell(error.report);
        throw error;
      }
    });
};
