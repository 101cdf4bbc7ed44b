import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../event-sourcing/command-runner';
import type { CommandContext } from '../../shared/command-context';
import { processDecider, ProcessCommand, ProcessContent } from '../domain/process.decider';
import { defaultProcessStreams, installDefaultProcesses } from '../default-processes';
import { processStream } from '../transaction-streams';

/** `process create` / `process push` / the alias commands of the operator CLI, on one process's stream. */
export class ChangeProcessCommand {
  constructor(
    readonly ctx: CommandContext,
    readonly name: string,
    readonly change: ({ type: 'create' | 'create-version' } & ProcessContent) | Exclude<ProcessCommand, { type: 'create' | 'create-version' }>,
  ) {}
}

/** What a change did: the version a push created, or `no-changes` for a push of the latest version's content. */
export type ProcessChangeResult = { result: 'created'; version: number } | { result: 'no-changes' } | { result: 'done' };

@CommandHandler(ChangeProcessCommand)
export class ChangeProcessHandler implements ICommandHandler<ChangeProcessCommand, ProcessChangeResult> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ ctx, name, change }: ChangeProcessCommand): Promise<ProcessChangeResult> {
    const outcome = await this.runner.run({
      ctx,
      streams: { process: processStream(ctx.marketplaceId, name) },
      decide: (s) => {
        const command: ProcessCommand = change.type === 'create' || change.type === 'create-version' ? ({ ...change, name, now: ctx.now } as ProcessCommand) : (change as ProcessCommand);
        return { events: { process: processDecider.decide(command, s.process) } };
      },
    });
    const created = outcome.events.find((e) => e.type === 'process/version-created');
    if (created) return { result: 'created', version: (created.data as { version: number }).version };
    return change.type === 'create-version' ? { result: 'no-changes' } : { result: 'done' };
  }
}

/** Installs the default processes where they are missing (the development marketplace of an older data folder). */
export class InstallDefaultProcessesCommand {
  constructor(readonly ctx: CommandContext) {}
}

@CommandHandler(InstallDefaultProcessesCommand)
export class InstallDefaultProcessesHandler implements ICommandHandler<InstallDefaultProcessesCommand, void> {
  constructor(private readonly runner: CommandRunner) {}

  async execute({ ctx }: InstallDefaultProcessesCommand): Promise<void> {
    await this.runner.run({ ctx, streams: defaultProcessStreams(ctx.marketplaceId), decide: (s) => ({ events: installDefaultProcesses(s, ctx.now) }) });
  }
}
