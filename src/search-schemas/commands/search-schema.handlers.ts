import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventLog } from '../../event-store/event-log';
import { streams } from '../../event-store/stream-names';
import type { CommandContext } from '../../shared/command-context';
import { fold } from '../../shared/decider';
import { internalEvents } from '../../shared/event-publishing';
import type { SchemaFor, SchemaScope, SearchSchema } from '../domain/search-schema';
import { SearchSchemaCommand, searchSchemaDecider, SearchSchemaEvent } from '../domain/search-schema.decider';

export class SetSearchSchemaCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly schema: SearchSchema,
  ) {}
}

export class UnsetSearchSchemaCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly schemaFor: SchemaFor,
    readonly scope: SchemaScope,
    readonly key: string,
  ) {}
}

/** Load the marketplace's schema stream, decide, append; each event carries every schema after it as its resource. */
const run = async (log: EventLog, ctx: CommandContext, command: SearchSchemaCommand): Promise<void> =>
  log.retrying(async () => {
    const streamId = streams.searchSchemas(ctx.marketplaceId);
    const loaded = await log.load(streamId);
    let state = fold(searchSchemaDecider.evolve, searchSchemaDecider.initialState(), loaded.events as unknown as SearchSchemaEvent[]);
    const events = searchSchemaDecider.decide(command, state);
    const logEvents = events.flatMap((event) => {
      state = searchSchemaDecider.evolve(state, event);
      return internalEvents(ctx, [event], state.schemas);
    });
    await log.append([{ streamId, expectedRevision: loaded.expectedRevision, events: logEvents }]);
  });

@CommandHandler(SetSearchSchemaCommand)
export class SetSearchSchemaHandler implements ICommandHandler<SetSearchSchemaCommand, void> {
  constructor(private readonly log: EventLog) {}

  execute({ ctx, schema }: SetSearchSchemaCommand): Promise<void> {
    return run(this.log, ctx, { type: 'set', schema });
  }
}

@CommandHandler(UnsetSearchSchemaCommand)
export class UnsetSearchSchemaHandler implements ICommandHandler<UnsetSearchSchemaCommand, void> {
  constructor(private readonly log: EventLog) {}

  execute({ ctx, schemaFor, scope, key }: UnsetSearchSchemaCommand): Promise<void> {
    return run(this.log, ctx, { type: 'unset', schemaFor, scope, key });
  }
}
