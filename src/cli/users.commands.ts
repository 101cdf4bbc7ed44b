import { CommandBus } from '@nestjs/cqrs';
import type { Command } from 'commander';
import { MAILER, Mailer } from '../mail/mailer.port';
import { operatorContext } from '../shared/command-context';
import { UserCommandMessage } from '../users/commands/user-command.handler';
import { UserResources } from '../users/user-resources';
import { output, withCli } from './cli-context';
import { positiveInteger } from './numeric-options';

export const registerUserCommands = (program: Command): void => {
  const user = program.command('user').description("what the console does with users that no API does: ban and unban");
  for (const [name, banned] of [['ban', true], ['unban', false]] as const) {
    user
      .command(name)
      .description(banned ? 'ban a user: no more access, the email cannot sign up again' : 'lift a ban')
      .requiredOption('-m, --marketplace <id>', 'marketplace id')
      .requiredOption('--id <userId>', 'user id')
      .action(async (opts: { marketplace: string; id: string }) =>
        withCli(async ({ app, clock }) => {
          await app.get(UserResources).integrationUser(opts.marketplace, { id: opts.id });
          await app.get(CommandBus).execute(new UserCommandMessage(operatorContext(opts.marketplace, clock.now()), opts.id, { type: 'set-banned', banned }));
          console.log(`User ${opts.id} ${banned ? 'banned' : 'unbanned'}.`);
        }),
      );
  }

  program
    .command('mail')
    .description('the mail outbox of a marketplace (embedded mode: mails are kept, not sent)')
    .requiredOption('-m, --marketplace <id>', 'marketplace id')
    .option('--to <email>', 'only mails to this address')
    .option('-l, --limit <n>', 'the newest n mails', positiveInteger, 20)
    .option('--json', 'machine-readable output', false)
    .action(async (opts: { marketplace: string; to?: string; limit: number; json: boolean }) =>
      withCli(async ({ app }) => {
        const mails = (await app.get<Mailer>(MAILER).outbox(opts.marketplace))
          .filter((m) => !opts.to || m.to.toLowerCase() === opts.to.toLowerCase())
          .slice(-opts.limit);
        output(opts.json, mails, () => mails.map((m) => `${m.sentAt}  ${m.to}  ${m.template}  ${m.subject}\n${m.text.replace(/^/gm, '    ')}`).join('\n') || 'No mail.');
      }),
    );
};
