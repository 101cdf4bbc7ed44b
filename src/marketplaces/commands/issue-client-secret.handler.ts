import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner } from '../../event-sourcing/command-runner';
import { CLOCK, type Clock } from '../../shared/clock';
import { operatorContext } from '../../shared/command-context';
import { hashSecret, randomSecret } from '../../shared/secrets';
import { apiClientDecider } from '../domain/api-client.decider';
import { apiClientStream } from '../marketplace-streams';

/**
 * An operator's way out when a client's secret is lost (only its hash is stored): a new secret for the client,
 * shown once; the old one stops working at once.
 */
export class IssueClientSecretCommand {
  constructor(
    readonly marketplaceId: string,
    readonly clientId: string,
  ) {}
}

@CommandHandler(IssueClientSecretCommand)
export class IssueClientSecretHandler implements ICommandHandler<IssueClientSecretCommand, string> {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ marketplaceId, clientId }: IssueClientSecretCommand): Promise<string> {
    const secret = randomSecret();
    await this.runner.run({
      ctx: operatorContext(marketplaceId, this.clock.now()),
      streams: { client: apiClientStream(clientId) },
      decide: (s) => ({ events: { client: apiClientDecider.decide({ type: 'rotate-secret', marketplaceId, secretHash: hashSecret(secret) }, s.client) } }),
    });
    return secret;
  }
}
