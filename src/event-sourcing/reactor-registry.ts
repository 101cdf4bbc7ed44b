import { Injectable } from '@nestjs/common';
import type { Reactor } from './reactor';

/**
 * Where bounded contexts put their reactors (each context registers its own when its module starts, as with
 * relationships); the composition root runs them all in one ReactorEngine. The operator CLI registers them too
 * but never runs them: only the server consumes the log for side effects.
 */
@Injectable()
export class ReactorRegistry {
  private readonly reactors: Reactor[] = [];

  register(reactor: Reactor): void {
    if (this.reactors.some((r) => r.name === reactor.name)) throw new Error(`two reactors are named "${reactor.name}"`);
    this.reactors.push(reactor);
  }

  all(): readonly Reactor[] {
    return this.reactors;
  }
}
