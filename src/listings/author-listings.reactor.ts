import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { RecordedEvent } from '../event-store/event-store.port';
import type { Reactor } from '../event-sourcing/reactor';
import { ReactorRegistry } from '../event-sourcing/reactor-registry';
import { CLOCK, Clock } from '../shared/clock';
import { contextOfEvent } from '../shared/command-context';
import { DeleteAuthorListingsCommand } from './commands/delete-author-listings.handler';

/**
 * A user whose account is deleted or who is banned loses their listings, as on the platform: every live listing of
 * theirs gets `listing/deleted`. A cascade to other aggregates, so a reactor: a redelivered event finds the
 * listings already deleted and changes nothing.
 */
@Injectable()
export class AuthorListingsReactor implements Reactor, OnModuleInit {
  readonly name = 'author-listings';
  readonly eventTypes = ['user/deleted', 'user/updated'];

  constructor(
    private readonly commands: CommandBus,
    private readonly registry: ReactorRegistry,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  accepts(event: RecordedEvent): boolean {
    return event.type === 'user/deleted' || (event.data as { state?: string }).state === 'banned';
  }

  async react(event: RecordedEvent): Promise<void> {
    await this.commands.execute(new DeleteAuthorListingsCommand(contextOfEvent(event, this.clock.now()), event.metadata.resourceId!));
  }
}
