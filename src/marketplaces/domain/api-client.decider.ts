import { conflict } from '../../shared/api-error';
import type { Decider } from '../../shared/decider';
import { ApiClientEvent, ApiClientKind } from './marketplace.events';

export interface ApiClientState {
  exists: boolean;
  clientId: string | null;
  marketplaceId: string | null;
  kind: ApiClientKind | null;
  name: string | null;
  secretHash: string | null;
  revoked: boolean;
}

export type ApiClientCommand =
  | { type: 'create'; clientId: string; marketplaceId: string; kind: ApiClientKind; name: string; secretHash: string; now: Date }
  | { type: 'rotate-secret'; marketplaceId: string; secretHash: string }
  | { type: 'revoke'; now: Date };

export const apiClientDecider: Decider<ApiClientCommand, ApiClientState, ApiClientEvent> = {
  initialState: () => ({ exists: false, clientId: null, marketplaceId: null, kind: null, name: null, secretHash: null, revoked: false }),

  evolve: (state, event) => {
    switch (event.type) {
      case 'api-client/created':
        return {
          exists: true,
          clientId: event.data.clientId,
          marketplaceId: event.data.marketplaceId,
          kind: event.data.kind,
          name: event.data.name,
          secretHash: event.data.secretHash,
          revoked: false,
        };
      case 'api-client/secret-rotated':
        return { ...state, secretHash: event.data.secretHash };
      case 'api-client/revoked':
        return { ...state, revoked: true };
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case 'create':
        if (state.exists) throw conflict('api-client-exists', 'The client id is taken.');
        return [
          {
            type: 'api-client/created',
            data: {
              clientId: command.clientId,
              marketplaceId: command.marketplaceId,
              kind: command.kind,
              name: command.name,
              secretHash: command.secretHash,
              createdAt: command.now.toISOString(),
            },
          },
        ];
      case 'rotate-secret':
        // A client is named within its marketplace: another marketplace's client is not found.
        if (!state.exists || state.revoked || state.marketplaceId !== command.marketplaceId) throw conflict('api-client-not-found', 'No such active client.');
        return [{ type: 'api-client/secret-rotated', data: { secretHash: command.secretHash } }];
      case 'revoke':
        if (!state.exists) throw conflict('api-client-not-found', 'No such client.');
        if (state.revoked) return [];
        return [{ type: 'api-client/revoked', data: { revokedAt: command.now.toISOString() } }];
    }
  },
};
