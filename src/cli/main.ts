import 'reflect-metadata';
import { Command } from 'commander';
import { registerAssetCommands } from './assets.commands';
import { nameMarketplace } from './cli-context';
import { addJsonEverywhere } from './json-everywhere';
import { registerEventCommands } from './events.commands';
import { registerShapesCommands } from './shapes.commands';
import { registerMarketplaceCommands } from './marketplace.commands';
import { registerPaymentCommands } from './payments.commands';
import { registerProjectionCommands } from './projections.commands';
import { registerReactorCommands } from './reactors.commands';
import { registerSearchSchemaCommands } from './search-schema.commands';
import { registerProcessCommands } from './processes.commands';
import { registerSettingsCommands } from './settings.commands';
import { registerUserCommands } from './users.commands';
import { registerWebhookCommands } from './webhooks.commands';
import { registerOperatorCommands } from './operators.commands';

/**
 * The operator CLI: what a console does for this server. It works on the stores the environment names
 * (DATA_DIR for the embedded ones, EVENTSTORE_URL / ELASTICSEARCH_URL for the production engines).
 */
const program = new Command()
  .name('marketplace-server')
  .description('Operator commands for the marketplace server. Stores: DATA_DIR (default ./data), EVENTSTORE_URL, ELASTICSEARCH_URL.')
  // An option belongs to the command it follows: `reactors resume x --json` is resume's --json, not reactors'.
  .enablePositionalOptions();

// Every command naming a marketplace (-m) fails with exit 1 when it does not exist (src/cli/cli-context.ts).
program.hook('preAction', (_program, action) => nameMarketplace((action.opts() as { marketplace?: string }).marketplace));

registerMarketplaceCommands(program);
registerSettingsCommands(program);
registerUserCommands(program);
registerEventCommands(program);
registerProjectionCommands(program);
registerShapesCommands(program);
registerReactorCommands(program);
registerSearchSchemaCommands(program);
registerProcessCommands(program);
registerAssetCommands(program);
registerPaymentCommands(program);
registerWebhookCommands(program);
registerOperatorCommands(program);
addJsonEverywhere(program);

program.parseAsync(process.argv).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
