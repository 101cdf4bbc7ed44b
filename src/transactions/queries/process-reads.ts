import { Injectable } from '@nestjs/common';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { ProcessVersion, versionOf } from '../domain/process.decider';
import { processStream } from '../transaction-streams';

/** A process version by name and number, from the process's stream (through the runner's state cache). */
@Injectable()
export class ProcessReads {
  constructor(private readonly runner: CommandRunner) {}

  /**
   * A version never changes once created, so one this process has folded is answered without reading the stream
   * (on PostgreSQL a round trip: the notifications reactor asks for every transaction event it handles).
   */
  async version(marketplaceId: string, name: string, version: number): Promise<ProcessVersion | null> {
    const stream = processStream(marketplaceId, name);
    const cached = this.runner.storedStateIfCached(stream);
    return (cached && versionOf(cached, version)) ?? versionOf(await this.runner.state(stream), version);
  }
}
