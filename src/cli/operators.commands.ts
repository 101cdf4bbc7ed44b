import type { Command } from 'commander';
import { generatedPassword, OperatorAccounts, OperatorView } from '../operators/operator-accounts';
import { output, withCliRefusals } from './cli-context';

const line = (o: OperatorView) =>
  [o.email, o.id, o.marketplaces ? `marketplaces ${o.marketplaces.join(',')}` : 'every marketplace', `${o.liveSessions} live session(s)`, `since ${o.createdAt}`].join('  ');

/** Runs an operators command; a refusal (taken email, short password, unknown operator) is one line. */
const withOperators = <T>(work: (accounts: OperatorAccounts) => Promise<T>) => withCliRefusals((ctx) => work(ctx.app.get(OperatorAccounts)));

/** A password from standard input (one line), so it never appears in the shell's history or the process list. */
const passwordFromStdin = async (): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0];
};

const passwordOf = async (opts: { passwordStdin?: boolean }): Promise<{ password: string; generated: boolean }> =>
  opts.passwordStdin ? { password: await passwordFromStdin(), generated: false } : { password: generatedPassword(), generated: true };

export const registerOperatorCommands = (program: Command): void => {
  const operators = program.command('operators').description('who may sign in to the console at /console (docs/console.md)');

  operators
    .command('add <email>')
    .description('add an operator; prints a generated password once (or reads one from standard input)')
    .option('--marketplaces <ids...>', 'the marketplaces this operator may use (default: every marketplace)')
    .option('--password-stdin', 'read the password from standard input instead of generating one', false)
    .option('--json', 'machine-readable output', false)
    .action(async (email: string, opts: { marketplaces?: string[]; passwordStdin: boolean; json: boolean }) => {
      const { password, generated } = await passwordOf(opts);
      return withOperators(async (accounts) => {
        const view = await accounts.add(email, password, opts.marketplaces ?? null);
        output(opts.json, { ...view, ...(generated ? { password } : {}) }, () => [line(view), ...(generated ? [`Password (shown once): ${password}`] : [])].join('\n'));
      });
    });

  operators
    .command('list')
    .description('every operator of this installation')
    .option('--json', 'machine-readable output', false)
    .action(async (opts: { json: boolean }) =>
      withOperators(async (accounts) => {
        const all = await accounts.list();
        output(opts.json, all, () => all.map(line).join('\n') || 'No operators. Add one: operators add <email>');
      }),
    );

  operators
    .command('remove <email>')
    .description('remove an operator: their sessions end and their console tokens stop at once')
    .action(async (email: string) =>
      withOperators(async (accounts) => {
        await accounts.remove(email);
        console.log(`Operator ${email} removed.`);
      }),
    );

  operators
    .command('reset-password <email>')
    .description("set a new password (generated and printed once, or from standard input); ends the operator's sessions")
    .option('--password-stdin', 'read the password from standard input instead of generating one', false)
    .action(async (email: string, opts: { passwordStdin: boolean }) => {
      const { password, generated } = await passwordOf(opts);
      return withOperators(async (accounts) => {
        await accounts.resetPassword(email, password);
        console.log(generated ? `New password for ${email} (shown once): ${password}` : `Password of ${email} changed.`);
      });
    });

  operators
    .command('revoke-sessions <email>')
    .description("end every console session of an operator (signed out everywhere; their tokens stop at once)")
    .action(async (email: string) =>
      withOperators(async (accounts) => {
        await accounts.revokeSessions(email);
        console.log(`Every session of ${email} ended.`);
      }),
    );
};
