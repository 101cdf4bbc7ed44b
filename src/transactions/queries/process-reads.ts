import { Injectable } from '@nestjs/common';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { ProcessVersion, versionOf } from '../domain/process.decider';
import { processStream } from '../transaction-streams';

/** A process version by name and number, from the process's stream (through the runner's state cache). */
@Injectable()
export class ProcessReads {
  constructor(private readonly runner: CommandRunner) {}

  async version(marketplaceId: string, name: string, version: number): Promise<ProcessVersion | null> {
    return versionOf(await this.runner.state(processStream(marketplaceId, name)), version);
  }
}
