import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENTS } from '../infrastructure/tokens';
import type { DocumentStore } from '../read-models/document-store.port';
import { EventLog } from '../event-store/event-log';
import { MARKETPLACES_STREAM, streams } from '../event-store/stream-names';
import { fold } from '../shared/decider';
import { marketplaceDecider, MarketplaceState } from './domain/marketplace.decider';
import type { MarketplaceEvent } from './domain/marketplace.events';
import { MARKETPLACES } from './marketplaces.projection';
import type { Resource } from '../http/resource';

/** Reads marketplaces: their settings (from the stream, always current) and their resource (read model). */
@Injectable()
export class MarketplaceDirectory {
  constructor(
    private readonly log: EventLog,
    @Inject(DOCUMENTS) private readonly documents: DocumentStore,
  ) {}

  async state(marketplaceId: string): Promise<MarketplaceState> {
    const events = await this.log.store.readStream(streams.marketplace(marketplaceId));
    return fold(marketplaceDecider.evolve, marketplaceDecider.initialState(), events as unknown as MarketplaceEvent[]);
  }

  resource(marketplaceId: string): Promise<Resource | null> {
    return this.documents.get<Resource>(MARKETPLACES, marketplaceId, marketplaceId);
  }

  /** Every marketplace id, oldest first (operator CLI). */
  async list(): Promise<string[]> {
    const events = await this.log.store.readStream(MARKETPLACES_STREAM);
    return events.map((e) => (e.data as { marketplaceId: string }).marketplaceId);
  }
}
