import { conflict } from '../../shared/api-error';
import type { Decider } from '../../shared/decider';
import { DEFAULT_SETTINGS, IdentityProviderConfig, MarketplaceEvent, MarketplaceSettings } from './marketplace.events';

export interface MarketplaceState {
  exists: boolean;
  id: string | null;
  name: string | null;
  settings: MarketplaceSettings;
  createdAt: string | null;
  identityProviders: Record<string, IdentityProviderConfig>;
}

export type MarketplaceCommand =
  | { type: 'create'; marketplaceId: string; name: string; settings?: Partial<MarketplaceSettings>; now: Date }
  | { type: 'update'; name?: string; settings?: Partial<MarketplaceSettings> }
  | { type: 'configure-identity-provider'; config: IdentityProviderConfig }
  | { type: 'remove-identity-provider'; idpId: string };

export const marketplaceDecider: Decider<MarketplaceCommand, MarketplaceState, MarketplaceEvent> = {
  initialState: () => ({ exists: false, id: null, name: null, settings: DEFAULT_SETTINGS, createdAt: null, identityProviders: {} }),

  evolve: (state, event) => {
    switch (event.type) {
      case 'marketplace/created':
        return {
          ...state,
          exists: true,
          id: event.data.marketplaceId,
          name: event.data.name,
          settings: { ...DEFAULT_SETTINGS, ...event.data.settings },
          createdAt: event.data.createdAt,
        };
      case 'marketplace/updated':
        return {
          ...state,
          name: event.data.name ?? state.name,
          settings: { ...state.settings, ...(event.data.settings ?? {}) },
        };
      case 'marketplace/identity-provider-configured':
        return { ...state, identityProviders: { ...state.identityProviders, [event.data.idpId]: event.data } };
      case 'marketplace/identity-provider-removed': {
        const { [event.data.idpId]: _removed, ...rest } = state.identityProviders;
        return { ...state, identityProviders: rest };
      }
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case 'create':
        if (state.exists) throw conflict('marketplace-exists', 'The marketplace already exists.');
        return [
          {
            type: 'marketplace/created',
            data: {
              marketplaceId: command.marketplaceId,
              name: command.name,
              settings: { ...DEFAULT_SETTINGS, ...(command.settings ?? {}) },
              createdAt: command.now.toISOString(),
            },
          },
        ];
      case 'update': {
        if (!state.exists) throw conflict('marketplace-not-found', 'No such marketplace.');
        const changedSettings = Object.fromEntries(
          Object.entries(command.settings ?? {}).filter(([k, v]) => state.settings[k as keyof MarketplaceSettings] !== v),
        );
        const nameChanged = command.name !== undefined && command.name !== state.name;
        if (!nameChanged && Object.keys(changedSettings).length === 0) return [];
        return [
          {
            type: 'marketplace/updated',
            data: { ...(nameChanged ? { name: command.name } : {}), ...(Object.keys(changedSettings).length ? { settings: changedSettings } : {}) },
          },
        ];
      }
      case 'configure-identity-provider':
        if (!state.exists) throw conflict('marketplace-not-found', 'No such marketplace.');
        return [{ type: 'marketplace/identity-provider-configured', data: command.config }];
      case 'remove-identity-provider':
        if (!Object.hasOwn(state.identityProviders, command.idpId)) return [];
        return [{ type: 'marketplace/identity-provider-removed', data: { idpId: command.idpId } }];
    }
  },
};

/** The marketplace resource (both data APIs). `description` is deprecated and null for new marketplaces. */
export const marketplaceView = (state: MarketplaceState) => ({
  id: state.id!,
  type: 'marketplace',
  attributes: { name: state.name, description: null },
});
