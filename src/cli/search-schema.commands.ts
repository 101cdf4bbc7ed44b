import { CommandBus } from '@nestjs/cqrs';
import type { Command } from 'commander';
import { MarketplaceDirectory } from '../marketplaces/marketplace-directory';
import { operatorContext } from '../shared/command-context';
import {
  parseDefault,
  SCHEMA_FOR,
  SCHEMA_TYPES,
  SchemaFor,
  SchemaScope,
  SchemaType,
  SCOPES_OF,
  SearchSchema,
} from '../search-schemas/domain/search-schema';
import { SetSearchSchemaCommand, UnsetSearchSchemaCommand } from '../search-schemas/commands/search-schema.handlers';
import { SearchSchemas } from '../search-schemas/search-schemas';
import { CLOCK, type Clock } from '../shared/clock';
import { CliContext, output, withCli } from './cli-context';

interface Common {
  marketplace: string;
  for: string;
}

const oneOf = <T extends string>(name: string, value: string, allowed: readonly T[]): T => {
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`--${name} must be one of ${allowed.join(', ')} (got "${value}")`);
  return value as T;
};

const allScopes = [...new Set(Object.values(SCOPES_OF).flat())];

/** Runs `work` after checking that the marketplace exists. */
const inMarketplace = <T>(marketplaceId: string, work: (ctx: CliContext) => Promise<T>) =>
  withCli(async (ctx) => {
    if (!(await ctx.app.get(MarketplaceDirectory).state(marketplaceId)).exists) throw new Error(`No marketplace ${marketplaceId}.`);
    return work(ctx);
  });

const describe = (s: SearchSchema): string =>
  [s.schemaFor.padEnd(12), s.scope.padEnd(10), s.key.padEnd(24), s.type.padEnd(11), JSON.stringify(s.default ?? null).padEnd(14), s.doc ?? ''].join(' ');

export const registerSearchSchemaCommands = (program: Command): void => {
  const schema = program.command('search-schema').description('extended-data search schemas: which pub_/meta_ keys listings/query and users/query filter on');

  schema
    .command('set')
    .description('set (or replace) the schema of a top-level extended-data key')
    .requiredOption('--key <key>', 'top-level extended-data key')
    .requiredOption('--type <type>', SCHEMA_TYPES.join(' | '))
    .requiredOption('--scope <scope>', 'public | metadata (listings); also private | protected (user profiles)')
    .option('--for <subject>', SCHEMA_FOR.join(' | '), 'listing')
    .option('--default <value>', 'value for resources lacking the key (multi-enum: comma-separated)')
    .option('--doc <text>', 'description')
    .requiredOption('-m, --marketplace <marketplaceId>', 'marketplace id')
    .action(async (opts: Common & { key: string; type: string; scope: string; default?: string; doc?: string }) => {
      const type = oneOf<SchemaType>('type', opts.type, SCHEMA_TYPES);
      const value: SearchSchema = {
        schemaFor: oneOf<SchemaFor>('for', opts.for, SCHEMA_FOR),
        scope: oneOf<SchemaScope>('scope', opts.scope, allScopes),
        key: opts.key,
        type,
      };
      if (opts.default !== undefined) {
        const parsed = parseDefault(type, opts.default);
        if (typeof parsed === 'object' && !Array.isArray(parsed)) throw new Error(`--default: ${parsed.error}`);
        value.default = parsed;
      }
      if (opts.doc !== undefined) value.doc = opts.doc;
      await inMarketplace(opts.marketplace, async ({ app }) => {
        await app.get(CommandBus).execute(new SetSearchSchemaCommand(operatorContext(opts.marketplace, app.get<Clock>(CLOCK).now()), value));
        console.log(`Set ${value.schemaFor} schema ${value.scope} ${value.key} (${value.type}).`);
      });
    });

  schema
    .command('unset')
    .description('remove the schema of a key')
    .requiredOption('--key <key>', 'top-level extended-data key')
    .requiredOption('--scope <scope>', 'public | metadata | private | protected')
    .option('--for <subject>', SCHEMA_FOR.join(' | '), 'listing')
    .requiredOption('-m, --marketplace <marketplaceId>', 'marketplace id')
    .action(async (opts: Common & { key: string; scope: string }) => {
      const schemaFor = oneOf<SchemaFor>('for', opts.for, SCHEMA_FOR);
      const scope = oneOf<SchemaScope>('scope', opts.scope, allScopes);
      await inMarketplace(opts.marketplace, async ({ app }) => {
        await app.get(CommandBus).execute(new UnsetSearchSchemaCommand(operatorContext(opts.marketplace, app.get<Clock>(CLOCK).now()), schemaFor, scope, opts.key));
        console.log(`Unset ${schemaFor} schema ${scope} ${opts.key}.`);
      });
    });

  schema
    .command('list')
    .description("list a marketplace's search schemas")
    .requiredOption('-m, --marketplace <marketplaceId>', 'marketplace id')
    .option('--json', 'machine-readable output', false)
    .action(async (opts: { marketplace: string; json: boolean }) =>
      inMarketplace(opts.marketplace, async ({ app }) => {
        const schemas = app.get(SearchSchemas);
        const rows = (await Promise.all(SCHEMA_FOR.map((subject) => schemas.list(opts.marketplace, subject)))).flat();
        output(opts.json, rows, () =>
          rows.length === 0
            ? 'No search schemas.'
            : [['Schema for'.padEnd(12), 'Scope'.padEnd(10), 'Key'.padEnd(24), 'Type'.padEnd(11), 'Default value'.padEnd(14), 'Doc'].join(' '), ...rows.map(describe)].join('\n'),
        );
      }),
    );
};
