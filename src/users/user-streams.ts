import { streams } from '../event-store/stream-names';
import { internalStream, modelOf, resourceStream, StreamModel, StreamRef } from '../event-sourcing/stream-model';
import { emailGuardKey, guardDecider, GuardEvent, GuardState } from './domain/email-guard';
import { userDecider } from './domain/user.decider';
import { PUBLIC_USER_EVENTS, UserEvent } from './domain/user.events';
import type { UserState } from './domain/user.state';
import { storedUser } from './domain/user.views';

export const userModel: StreamModel<UserState, UserEvent> = modelOf('user', userDecider, { snapshotVersion: 3 });

/** A user's stream: its events carry the Integration API user as `resource`. */
export const userStream = (marketplaceId: string, userId: string): StreamRef<UserState, UserEvent> =>
  resourceStream(userModel, streams.user(marketplaceId, userId), {
    resourceType: 'user',
    resourceId: userId,
    view: storedUser,
    publicTypes: PUBLIC_USER_EVENTS,
  });

export const guardModel: StreamModel<GuardState, GuardEvent> = modelOf('user-guard', guardDecider);

export const emailGuard = (marketplaceId: string, email: string): StreamRef<GuardState, GuardEvent> =>
  internalStream(guardModel, streams.userEmail(marketplaceId, emailGuardKey(email)));
