import type { EventLog, LoadedStream } from '../event-store/event-log';
import { streams } from '../event-store/stream-names';
import type { CommandContext } from '../shared/command-context';
import { fold } from '../shared/decider';
import { toLogEvents } from '../shared/event-publishing';
import { userDecider } from './domain/user.decider';
import { PUBLIC_USER_EVENTS, UserEvent } from './domain/user.events';
import { UserState } from './domain/user.state';
import { storedUser } from './domain/user.views';

export interface LoadedUser extends LoadedStream {
  state: UserState;
  streamId: string;
}

/** Loads a user's stream and folds it into its state. */
export const loadUser = async (log: EventLog, marketplaceId: string, userId: string): Promise<LoadedUser> => {
  const streamId = streams.user(marketplaceId, userId);
  const loaded = await log.load(streamId);
  const state = fold(userDecider.evolve, userDecider.initialState(), loaded.events as unknown as UserEvent[]);
  return { ...loaded, state, streamId };
};

/** Log events for decided user events: resource is the Integration API user view. */
export const userLogEvents = (ctx: CommandContext, userId: string, before: UserState, events: UserEvent[]) =>
  toLogEvents(
    {
      ctx,
      resourceType: 'user',
      resourceId: userId,
      evolve: userDecider.evolve,
      view: storedUser,
      publicTypes: PUBLIC_USER_EVENTS,
    },
    before,
    events,
  );
