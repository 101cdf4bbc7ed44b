import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventLog } from '../../event-store/event-log';
import type { CommandContext } from '../../shared/command-context';
import { ProfileUpdate, userDecider } from '../domain/user.decider';
import { loadUser, userLogEvents } from '../user-stream';

export class UpdateProfileCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly userId: string,
    readonly update: ProfileUpdate,
  ) {}
}

/** Profile updates from either API: load, decide, append at the loaded revision, retry on a concurrent change. */
@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, void> {
  constructor(private readonly log: EventLog) {}

  async execute({ ctx, userId, update }: UpdateProfileCommand): Promise<void> {
    await this.log.retrying(async () => {
      const user = await loadUser(this.log, ctx.marketplaceId, userId);
      const events = userDecider.decide({ type: 'update-profile', update }, user.state);
      await this.log.append([{ streamId: user.streamId, expectedRevision: user.expectedRevision, events: userLogEvents(ctx, userId, user.state, events) }]);
    });
  }
}
