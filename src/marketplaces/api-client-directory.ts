import { Inject, Injectable } from '@nestjs/common';
import { CommandRunner } from '../event-sourcing/command-runner';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port';
import { secretMatches } from '../shared/secrets';
import { isUuid } from '../shared/values';
import type { ApiClientState } from './domain/api-client.decider';
import type { ApiClientEvent } from './domain/marketplace.events';
import { apiClientStream } from './marketplace-streams';

/** Finds API clients by id (every token request names one), from the client's stream state: a revoked client stops at once. */
@Injectable()
export class ApiClientDirectory {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(EVENT_STORE) private readonly events: EventStore,
  ) {}

  async find(clientId: string): Promise<ApiClientState | null> {
    if (!isUuid(clientId)) return null;
    const state = await this.runner.state(apiClientStream(clientId));
    return state.exists && !state.revoked ? state : null;
  }

  /** The client when the id exists and, if a secret is given, the secret matches. */
  async authenticate(clientId: string, secret?: string): Promise<ApiClientState | null> {
    const client = await this.find(clientId);
    if (!client) return null;
    if (secret !== undefined && !secretMatches(secret, client.secretHash!)) return null;
    return client;
  }

  /**
   * Every client of a marketplace, revoked ones too, oldest first (the operator CLI). Client streams are global
   * (a token request names no marketplace), so their creations are found in the log, which an operator command
   * may scan.
   */
  async ofMarketplace(marketplaceId: string): Promise<ApiClientState[]> {
    const ids: string[] = [];
    for (let after = 0; ; ) {
      const page = await this.events.readAll({ after, limit: 1000, filter: { marketplaceId, eventTypes: ['api-client/created'] } });
      ids.push(...page.map((e) => (e.data as Extract<ApiClientEvent, { type: 'api-client/created' }>['data']).clientId));
      if (page.length < 1000) break;
      after = page[page.length - 1].position;
    }
    return Promise.all(ids.map((id) => this.runner.state(apiClientStream(id))));
  }
}
