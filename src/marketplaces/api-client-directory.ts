import { Inject, Injectable } from '@nestjs/common';
import { EventLog } from '../event-store/event-log';
import { streams } from '../event-store/stream-names';
import { CLOCK } from '../infrastructure/tokens';
import type { Clock } from '../shared/clock';
import { fold } from '../shared/decider';
import { secretMatches } from '../shared/secrets';
import { isUuid } from '../shared/values';
import { apiClientDecider, ApiClientState } from './domain/api-client.decider';
import type { ApiClientEvent } from './domain/marketplace.events';

const CACHE_MS = 5_000;

/**
 * Finds API clients by id (every token request names one). Clients change rarely, so states are cached briefly;
 * a revoked client stops working within the cache time.
 */
@Injectable()
export class ApiClientDirectory {
  private readonly cache = new Map<string, { state: ApiClientState | null; until: number }>();

  constructor(
    private readonly log: EventLog,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async find(clientId: string): Promise<ApiClientState | null> {
    if (!isUuid(clientId)) return null;
    const now = this.clock.now().getTime();
    const hit = this.cache.get(clientId);
    if (hit && hit.until > now) return hit.state;
    const events = await this.log.store.readStream(streams.apiClient(clientId));
    const state = fold(apiClientDecider.evolve, apiClientDecider.initialState(), events as unknown as ApiClientEvent[]);
    const found = state.exists && !state.revoked ? state : null;
    this.cache.set(clientId, { state: found, until: now + CACHE_MS });
    return found;
  }

  /** The client when the id exists and, if a secret is given, the secret matches. */
  async authenticate(clientId: string, secret?: string): Promise<ApiClientState | null> {
    const client = await this.find(clientId);
    if (!client) return null;
    if (secret !== undefined && !secretMatches(secret, client.secretHash!)) return null;
    return client;
  }

  forget(clientId: string): void {
    this.cache.delete(clientId);
  }
}
