import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { assetTreeStream } from '../../assets/asset-streams';
import { starterSources, starterTreeFiles } from '../../assets/starter-tree';
import { searchSchemasForTree } from '../../assets/starter-search-schemas';
import { schemaStream } from '../../search-schemas/commands/search-schema.handlers';
import { searchSchemaDecider, type SearchSchemasState } from '../../search-schemas/domain/search-schema.decider';
import type { SearchSchema } from '../../search-schemas/domain/search-schema';
import { assetTreeDecider } from '../../assets/domain/asset-tree.decider';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { BLOBS, type BlobStore } from '../../blobs/blob-store.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { IDS, type IdGenerator } from '../../shared/ids';
import { operatorContext } from '../../shared/command-context';
import { hashSecret, randomSecret } from '../../shared/secrets';
import { apiClientDecider } from '../domain/api-client.decider';
import { DEFAULT_SETTINGS, type ApiClientKind, type MarketplaceSettings } from '../domain/marketplace.events';
import { marketplaceDecider } from '../domain/marketplace.decider';
import { apiClientStream, marketplaceListStream, marketplaceStream } from '../marketplace-streams';
import { defaultProcessStreams, installDefaultProcesses } from '../../transactions/default-processes';

export interface CreatedClient {
  clientId: string;
  clientSecret: string;
  kind: ApiClientKind;
}

/** Credentials chosen before the command (the development marketplace keeps them on disk before it is created). */
export interface ChosenClients {
  marketplace: { clientId: string; clientSecret: string };
  integration: { clientId: string; clientSecret: string };
}

export class CreateMarketplaceCommand {
  constructor(
    readonly name: string,
    readonly settings: Partial<MarketplaceSettings> = {},
    readonly marketplaceId?: string,
    readonly clients?: ChosenClients,
    /** Names the creation (its events' ids derive from it): an import from an API recognises the marketplace it created. */
    readonly requestId?: string,
  ) {}
}

export interface CreatedMarketplace {
  marketplaceId: string;
  name: string;
  marketplaceClient: CreatedClient;
  integrationClient: CreatedClient;
}

/**
 * An operator command: a marketplace with its Marketplace API application, its Integration API application and
 * its starter asset tree, in one decision. Secrets are shown once, here, and stored only as hashes.
 */
@CommandHandler(CreateMarketplaceCommand)
export class CreateMarketplaceHandler implements ICommandHandler<CreateMarketplaceCommand, CreatedMarketplace> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: IdGenerator,
    @Inject(BLOBS) private readonly blobs: BlobStore,
  ) {}

  async execute(command: CreateMarketplaceCommand): Promise<CreatedMarketplace> {
    const marketplaceId = command.marketplaceId ?? this.ids.next();
    const now = this.clock.now();
    const clients = (['marketplace', 'integration'] as const).map((kind) =>
      command.clients ? { ...command.clients[kind], kind } : newClient(this.ids.next(), kind),
    );
    // The starter tree's images and variants are stored first; a decision does no I/O.
    const settings = { ...DEFAULT_SETTINGS, ...command.settings };
    const files = await starterTreeFiles(marketplaceId, settings, this.blobs);
    // The search schemas the starter tree's filters need (listing type, category levels, indexed fields).
    const schemas = searchSchemasForTree(await starterSources(settings));
    await this.runner.run({
      ctx: { ...operatorContext(marketplaceId, now), requestId: command.requestId ?? null },
      streams: {
        marketplace: marketplaceStream(marketplaceId),
        list: marketplaceListStream(),
        marketplaceClient: apiClientStream(clients[0].clientId),
        integrationClient: apiClientStream(clients[1].clientId),
        assets: assetTreeStream(marketplaceId),
        searchSchemas: schemaStream(marketplaceId),
        // The five default transaction processes, each as version 1 under release-1.
        ...defaultProcessStreams(marketplaceId),
      },
      decide: (s) => ({
        events: {
          marketplace: marketplaceDecider.decide({ type: 'create', marketplaceId, name: command.name, settings: command.settings, now }, s.marketplace),
          list: [{ type: 'marketplace/registered' as const, data: { marketplaceId } }],
          marketplaceClient: apiClientDecider.decide(clientCreation(clients[0], marketplaceId, command.name, now), s.marketplaceClient),
          integrationClient: apiClientDecider.decide(clientCreation(clients[1], marketplaceId, command.name, now), s.integrationClient),
          // Every marketplace starts with a complete asset tree (version 1), so a front end renders from the first request.
          assets: assetTreeDecider.decide({ type: 'publish', marketplaceId, files, now }, s.assets),
          searchSchemas: searchSchemaSetEvents(schemas, s.searchSchemas),
          ...installDefaultProcesses(s, now),
        },
      }),
    });
    return { marketplaceId, name: command.name, marketplaceClient: clients[0], integrationClient: clients[1] };
  }
}

/** The events setting each schema in turn (none for a schema already set as it is). */
export const searchSchemaSetEvents = (schemas: SearchSchema[], state: SearchSchemasState) =>
  schemas.flatMap((schema) => {
    const events = searchSchemaDecider.decide({ type: 'set', schema }, state);
    state = events.reduce(searchSchemaDecider.evolve, state);
    return events;
  });

const newClient = (clientId: string, kind: ApiClientKind): CreatedClient => ({ clientId, clientSecret: randomSecret(), kind });

const clientCreation = (client: CreatedClient, marketplaceId: string, marketplaceName: string, now: Date) => ({
  type: 'create' as const,
  clientId: client.clientId,
  marketplaceId,
  kind: client.kind,
  name: `${marketplaceName} ${client.kind === 'marketplace' ? 'Marketplace API' : 'Integration API'}`,
  secretHash: hashSecret(client.clientSecret),
  now,
});
