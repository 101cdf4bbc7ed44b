import { Inject, Injectable } from '@nestjs/common';
import { CommandRunner } from '../event-sourcing/command-runner';
import { DOCUMENTS, type DocumentStore } from '../read-models/document-store.port';
import type { MarketplaceState } from './domain/marketplace.decider';
import { marketplaceListStream, marketplaceStream } from './marketplace-streams';
import { MARKETPLACES } from './marketplaces.projection';
import type { Resource } from '../shared/resource';

/**
 * Reads marketplaces: their settings (the stream's state, folded once and then only for new events by the runner's
 * cache, so every request sees the current settings without replaying the stream) and their resource (read model).
 */
@Injectable()
export class MarketplaceDirectory {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
  ) {}

  state(marketplaceId: string): Promise<MarketplaceState> {
    return this.runner.state(marketplaceStream(marketplaceId));
  }

  resource(marketplaceId: string): Promise<Resource | null> {
    return this.documents.get<Resource>(MARKETPLACES, marketplaceId, marketplaceId);
  }

  /** Every marketplace id, oldest first (operator CLI). */
  list(): Promise<string[]> {
    return this.runner.state(marketplaceListStream());
  }
}
