import { streams } from '../event-store/stream-names';
import { internalStream, modelOf, resourceStream, StreamModel, StreamRef } from '../event-sourcing/stream-model';
import type { DomainEvent } from '../shared/decider';
import { emailGuardStream } from './domain/email-guard';
import { userDecider } from './domain/user.decider';
import { PUBLIC_USER_EVENTS, UserEvent } from './domain/user.events';
import type { UserState } from './domain/user.state';
import { storedUser } from './domain/user.views';

export const userModel: StreamModel<UserState, UserEvent> = modelOf('user', userDecider);

/** A user's stream: its events carry the Integration API user as `resource`. */
export const userStream = (marketplaceId: string, userId: string): StreamRef<UserState, UserEvent> =>
  resourceStream(userModel, streams.user(marketplaceId, userId), {
    resourceType: 'user',
    resourceId: userId,
    view: storedUser,
    publicTypes: PUBLIC_USER_EVENTS,
  });

/** A uniqueness guard (an email address, an identity-provider account): who holds it now. */
export interface GuardState {
  holder: string | null;
}

export type GuardEvent = DomainEvent<'user-email/claimed' | 'user-email/released' | 'user-idp/linked', { userId: string }>;

export const guardModel: StreamModel<GuardState, GuardEvent> = {
  name: 'user-guard',
  initialState: () => ({ holder: null }),
  evolve: (state, event) => ({ holder: event.type === 'user-email/released' ? null : event.data.userId }),
};

export const emailGuard = (marketplaceId: string, email: string): StreamRef<GuardState, GuardEvent> =>
  internalStream(guardModel, emailGuardStream(marketplaceId, email));
