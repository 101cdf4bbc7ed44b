import type { UserEvent } from './user.events';
import type { UserState } from './user.state';

export const evolveUser = (state: UserState, event: UserEvent): UserState => {
  switch (event.type) {
    case 'user/created': {
      const d = event.data;
      return {
        ...state,
        exists: true,
        id: d.userId,
        marketplaceId: d.marketplaceId,
        email: d.email,
        passwordHash: d.passwordHash,
        profile: d.profile,
        state: d.state,
        emailVerified: d.emailVerified,
        identityProviders: d.identityProviders,
        permissions: d.permissions,
        createdAt: d.createdAt,
      };
    }
    case 'user/updated': {
      const { profile, permissions, ...rest } = event.data;
      const emailChanged = rest.email !== undefined || rest.pendingEmail !== undefined;
      return {
        ...state,
        ...rest,
        profile: profile ? { ...state.profile, ...profile } : state.profile,
        permissions: permissions ? { ...state.permissions, ...permissions } : state.permissions,
        // A verification or a new address makes the outstanding verification links void.
        verificationRequests: emailChanged || rest.emailVerified ? [] : state.verificationRequests,
      };
    }
    case 'user/deleted':
      return { ...state, deleted: true, verificationRequests: [], resetRequests: [] };
    case 'user/password-changed':
      return { ...state, passwordHash: event.data.passwordHash, resetRequests: [] };
    case 'user/sessions-revoked':
      return { ...state, sessionEpoch: (state.sessionEpoch ?? 0) + 1, keptSessionId: event.data.keptSessionId };
    case 'user/email-verification-requested':
      return { ...state, verificationRequests: [...state.verificationRequests, event.data] };
    case 'user/password-reset-requested':
      return { ...state, resetRequests: [...state.resetRequests, event.data] };
  }
};
