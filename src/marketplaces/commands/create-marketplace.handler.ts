import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { starterTreeAppend } from '../../assets/starter-tree';
import type { BlobStore } from '../../blobs/blob-store.port';
import { EventLog } from '../../event-store/event-log';
import { MARKETPLACES_STREAM, streams } from '../../event-store/stream-names';
import { BLOBS, CLOCK, IDS } from '../../infrastructure/tokens';
import type { Clock } from '../../shared/clock';
import { operatorContext } from '../../shared/command-context';
import { internalEvents } from '../../shared/event-publishing';
import type { IdGenerator } from '../../shared/ids';
import { hashSecret, randomSecret } from '../../shared/secrets';
import { apiClientDecider } from '../domain/api-client.decider';
import { marketplaceDecider, marketplaceView } from '../domain/marketplace.decider';
import type { ApiClientKind, MarketplaceSettings } from '../domain/marketplace.events';

export interface CreatedClient {
  clientId: string;
  clientSecret: string;
  kind: ApiClientKind;
}

export class CreateMarketplaceCommand {
  constructor(
    readonly name: string,
    readonly settings: Partial<MarketplaceSettings> = {},
    readonly marketplaceId?: string,
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
 * its starter asset tree, appended atomically. Secrets are shown once, here, and stored only as hashes.
 */
@CommandHandler(CreateMarketplaceCommand)
export class CreateMarketplaceHandler implements ICommandHandler<CreateMarketplaceCommand, CreatedMarketplace> {
  constructor(
    private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: IdGenerator,
    @Inject(BLOBS) private readonly blobs: BlobStore,
  ) {}

  async execute(command: CreateMarketplaceCommand): Promise<CreatedMarketplace> {
    const marketplaceId = command.marketplaceId ?? this.ids.next();
    const now = this.clock.now();
    const ctx = operatorContext(marketplaceId, now);
    const created = marketplaceDecider.decide(
      { type: 'create', marketplaceId, name: command.name, settings: command.settings, now },
      marketplaceDecider.initialState(),
    );
    const state = created.reduce(marketplaceDecider.evolve, marketplaceDecider.initialState());
    const clients = (['marketplace', 'integration'] as const).map((kind) => newClient(this.ids.next(), kind));
    const clientAppends = clients.map((client) => ({
      streamId: streams.apiClient(client.clientId),
      expectedRevision: 'no_stream' as const,
      events: internalEvents(
        ctx,
        apiClientDecider.decide(
          {
            type: 'create',
            clientId: client.clientId,
            marketplaceId,
            kind: client.kind,
            name: `${command.name} ${client.kind === 'marketplace' ? 'Marketplace API' : 'Integration API'}`,
            secretHash: hashSecret(client.clientSecret),
            now,
          },
          apiClientDecider.initialState(),
        ),
      ),
    }));
    await this.log.append([
      { streamId: streams.marketplace(marketplaceId), expectedRevision: 'no_stream', events: internalEvents(ctx, created, marketplaceView(state)) },
      {
        streamId: MARKETPLACES_STREAM,
        expectedRevision: 'any',
        events: internalEvents(ctx, [{ type: 'marketplace/registered', data: { marketplaceId } }]),
      },
      ...clientAppends,
      // Every marketplace starts with a complete asset tree (version 1), so a front end renders from the first request.
      await starterTreeAppend(ctx, state.settings, this.blobs),
    ]);
    return { marketplaceId, name: command.name, marketplaceClient: clients[0], integrationClient: clients[1] };
  }
}

const newClient = (clientId: string, kind: ApiClientKind): CreatedClient => ({ clientId, clientSecret: randomSecret(), kind });
