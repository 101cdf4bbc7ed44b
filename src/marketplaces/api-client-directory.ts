import { Injectable } from '@nestjs/common';
import { CommandRunner } from '../event-sourcing/command-runner';
import { secretMatches } from '../shared/secrets';
import { isUuid } from '../shared/values';
import type { ApiClientState } from './domain/api-client.decider';
import { apiClientStream } from './marketplace-streams';

/** Finds API clients by id (every token request names one), from the client's stream state: a revoked client stops at once. */
@Injectable()
export class ApiClientDirectory {
  constructor(private readonly runner: CommandRunner) {}

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
}
