import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { internalStream, modelOf } from '../../event-sourcing/stream-model';
import { streams } from '../../event-store/stream-names';
import type { CommandContext } from '../../shared/command-context';
import type { SchemaFor, SchemaScope, SearchSchema } from '../domain/search-schema';
import { SearchSchemaCommand, searchSchemaDecider } from '../domain/search-schema.decider';

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

const schemaModel = modelOf('search-schemas', searchSchemaDecider);

/** The marketplace's schema stream: each event carries every schema after it as its resource. */
export const schemaStream = (marketplaceId: string) => internalStream(schemaModel, streams.searchSchemas(marketplaceId), { resource: (s) => s.schemas });

const run = async (runner: CommandRunner, ctx: CommandContext, command: SearchSchemaCommand): Promise<void> => {
  await runner.run({
    ctx,
    streams: { schemas: schemaStream(ctx.marketplaceId) },
    decide: (s) => ({ events: { schemas: searchSchemaDecider.decide(command, s.schemas) } }),
  });
};

@CommandHandler(SetSearchSchemaCommand)
export class SetSearchSchemaHandler implements ICommandHandler<SetSearchSchemaCommand, void> {
  constructor(private readonly runner: CommandRunner) {}

  execute({ ctx, schema }: SetSearchSchemaCommand): Promise<void> {
    return run(this.runner, ctx, { type: 'set', schema });
  }
}

@CommandHandler(UnsetSearchSchemaCommand)
export class UnsetSearchSchemaHandler implements ICommandHandler<UnsetSearchSchemaCommand, void> {
  constructor(private readonly runner: CommandRunner) {}

  execute({ ctx, schemaFor, scope, key }: UnsetSearchSchemaCommand): Promise<void> {
    return run(this.runner, ctx, { type: 'unset', schemaFor, scope, key });
  }
}
