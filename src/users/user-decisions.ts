import type { Command, Streams } from '../event-sourcing/command-runner';
import { assertImagesUsable, imageStreams } from '../images/image-streams';
import type { CommandContext } from '../shared/command-context';
import { userDecider, UserCommand } from './domain/user.decider';
import type { UserState } from './domain/user.state';
import { emailGuardEvents, emailGuardStreams, heldAddresses } from './email-guards';
import { userStream } from './user-streams';

export interface UserChange {
  before: UserState;
  after: UserState;
}

const decideUser = (command: UserCommand, state: UserState) => {
  const events = userDecider.decide(command, state);
  return { events, after: events.reduce(userDecider.evolve, state) };
};

/** A new profile image the command sets: it must be the user's own upload (any image for the Integration API). */
const newProfileImage = (command: UserCommand): string[] =>
  command.type === 'update-profile' && command.update.profileImageId ? [command.update.profileImageId] : [];

/**
 * A command on an existing user, decided over the user's stream, the email guards of the addresses it takes or
 * gives up (which only the user's state reveals, hence the second round of streams) and a new profile image.
 */
export const userCommand = (ctx: CommandContext, userId: string, command: UserCommand): Command<Streams, UserChange> => ({
  ctx,
  streams: (loaded) => {
    const user = userStream(ctx.marketplaceId, userId);
    const state = loaded.user as UserState | undefined;
    if (!state) return { user, ...imageStreams(ctx.marketplaceId, newProfileImage(command)) };
    return { user, ...imageStreams(ctx.marketplaceId, newProfileImage(command)), ...emailGuardStreams(ctx.marketplaceId, heldAddresses(state), heldAddresses(decideUser(command, state).after)) };
  },
  decide: (states) => {
    const before = states.user as UserState;
    const { events, after } = decideUser(command, before);
    assertImagesUsable(states, newProfileImage(command), ctx.source === 'source/integration-api' ? null : userId, ['profileImageId']);
    return {
      events: { user: events, ...emailGuardEvents(userId, heldAddresses(before), heldAddresses(after), states) },
      result: { before, after },
    };
  },
});
