import type { Decider, DomainEvent } from '../../shared/decider';
import type { Scope } from './scope';

/**
 * A login session: what a refresh token stands for. Refresh tokens are not rotated, so the SDK's concurrent
 * refreshes with one token all succeed (sdk-wire-contract §4.8); revoking ends the session.
 */
export type SessionEvent =
  | DomainEvent<
      'session/started',
      {
        sessionId: string;
        clientId: string;
        userId: string | null;
        scope: Scope;
        secretHash: string;
        startedAt: string;
        expiresAt: string;
        /** The user's session epoch at login: a later revocation of the user's sessions ends this one (absent: 0). */
        userEpoch?: number;
      }
    >
  | DomainEvent<'session/revoked', { revokedAt: string }>;

export interface SessionState {
  exists: boolean;
  sessionId: string | null;
  clientId: string | null;
  userId: string | null;
  scope: Scope | null;
  secretHash: string | null;
  expiresAt: string | null;
  revoked: boolean;
  userEpoch: number;
}

export type SessionCommand =
  | { type: 'start'; sessionId: string; clientId: string; userId: string | null; userEpoch: number; scope: Scope; secretHash: string; now: Date; ttlSeconds: number }
  | { type: 'revoke'; now: Date };

export const sessionDecider: Decider<SessionCommand, SessionState, SessionEvent> = {
  initialState: () => ({ exists: false, sessionId: null, clientId: null, userId: null, scope: null, secretHash: null, expiresAt: null, revoked: false, userEpoch: 0 }),

  evolve: (state, event) => {
    switch (event.type) {
      case 'session/started':
        return { ...state, exists: true, ...event.data, userEpoch: event.data.userEpoch ?? 0, revoked: false };
      case 'session/revoked':
        return { ...state, revoked: true };
    }
  },

  decide: (command, state) => {
    switch (command.type) {
      case 'start':
        if (state.exists) return [];
        return [
          {
            type: 'session/started',
            data: {
              sessionId: command.sessionId,
              clientId: command.clientId,
              userId: command.userId,
              scope: command.scope,
              secretHash: command.secretHash,
              startedAt: command.now.toISOString(),
              expiresAt: new Date(command.now.getTime() + command.ttlSeconds * 1000).toISOString(),
              userEpoch: command.userEpoch,
            },
          },
        ];
      case 'revoke':
        // Revoking twice, or an unknown token, is not an error: revoke always answers revoked: true.
        return state.exists && !state.revoked ? [{ type: 'session/revoked', data: { revokedAt: command.now.toISOString() } }] : [];
    }
  },
};

export const isSessionUsable = (state: SessionState, now: Date): boolean =>
  state.exists && !state.revoked && state.expiresAt !== null && new Date(state.expiresAt) > now;
