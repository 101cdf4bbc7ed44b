import { DynamicModule, Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccessTokens } from './auth/access-tokens';
import { CommandRunner } from './event-sourcing/command-runner';
import { ReactorRegistry } from './event-sourcing/reactor-registry';
import { REACTOR_CONTROLS, reactorControlsOf } from './event-sourcing/reactor-controls';
import { ScheduledCommands } from './event-sourcing/scheduler';
import { EVENT_STORE } from './event-store/event-store.port';
import { AuthAttemptLimits } from './http/auth-limits';
import { RelationshipRegistry } from './http/envelope';
import { Responder } from './http/responder';
import type { Infrastructure } from './infrastructure/composition-root';
import { MAILER } from './mail/mailer.port';
import { BLOBS } from './blobs/blob-store.port';
import { CLOCK, type Clock } from './shared/clock';
import { CONFIG } from './config';
import { DOCUMENTS } from './read-models/document-store.port';
import { IDS, type IdGenerator } from './shared/ids';
import { LISTING_SEARCH } from './search/listing-search.port';

/** The ports and the shared HTTP services, available to every bounded-context module. */
@Global()
@Module({})
export class CoreModule {
  static with(infra: Infrastructure, clock: Clock, ids: IdGenerator): DynamicModule {
    const providers = [
      { provide: CommandRunner, useValue: infra.runner },
      { provide: EVENT_STORE, useValue: infra.events },
      { provide: DOCUMENTS, useValue: infra.documents },
      { provide: LISTING_SEARCH, useValue: infra.search },
      { provide: BLOBS, useValue: infra.blobs },
      { provide: MAILER, useValue: infra.mailer },
      { provide: CONFIG, useValue: infra.config },
      { provide: CLOCK, useValue: clock },
      { provide: IDS, useValue: ids },
      { provide: AccessTokens, useValue: new AccessTokens(infra.config.tokenSecret, clock, infra.config.accessTokenTtlSeconds) },
      RelationshipRegistry,
      ReactorRegistry,
      { provide: ScheduledCommands, useValue: new ScheduledCommands() },
      { provide: REACTOR_CONTROLS, useValue: reactorControlsOf(infra) },
      Responder,
      AuthAttemptLimits,
    ];
    return { module: CoreModule, imports: [CqrsModule.forRoot()], providers, exports: [...providers.map((p) => ('provide' in p ? p.provide : p)), CqrsModule] };
  }
}
