import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { RecordedEvent } from '../event-store/event-store.port';
import type { Reactor } from '../event-sourcing/reactor';
import { ReactorRegistry } from '../event-sourcing/reactor-registry';
import { CLOCK, type Clock } from '../shared/clock';
import { contextOfEvent } from '../shared/command-context';
import { VerifyFileCommand } from './commands/verify-file.handler';

/**
 * Every upload is verified after it is stored, never in the upload's request (a crash there would leave the file
 * pendingVerification for ever). The verification is a decision a second delivery leaves unchanged.
 */
@Injectable()
export class FileVerificationReactor implements Reactor, OnModuleInit {
  readonly name = 'file-verification';
  readonly eventTypes = ['file/upload-received'];

  constructor(
    private readonly commands: CommandBus,
    private readonly registry: ReactorRegistry,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async react(event: RecordedEvent): Promise<void> {
    await this.commands.execute(new VerifyFileCommand(contextOfEvent(event, this.clock.now()), event.metadata.resourceId!));
  }
}
