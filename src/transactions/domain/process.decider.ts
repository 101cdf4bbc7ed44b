import { apiError, conflict } from '../../shared/api-error';
import type { Decider, DomainEvent } from '../../shared/decider';
import type { EmailTemplates, ProcessDefinition } from './process-definition';

/**
 * One stream per process of a marketplace: its immutable versions (1, 2, …) and its aliases. A version keeps the
 * `process.edn` text as pushed (for `process pull`), the validated definition the engine runs and the email
 * templates. Transactions name the version they started on, so a new version never changes them.
 */
export interface ProcessVersion {
  version: number;
  edn: string;
  definition: ProcessDefinition;
  templates: EmailTemplates;
  createdAt: string;
}

export interface ProcessState {
  name: string | null;
  versions: ProcessVersion[];
  aliases: Record<string, number>;
}

export type ProcessEvent =
  | DomainEvent<'process/version-created', { name: string; version: number; edn: string; definition: ProcessDefinition; templates: EmailTemplates; createdAt: string }>
  | DomainEvent<'process/alias-created' | 'process/alias-updated', { alias: string; version: number }>
  | DomainEvent<'process/alias-deleted', { alias: string }>;

export interface ProcessContent {
  edn: string;
  definition: ProcessDefinition;
  templates: EmailTemplates;
}

export type ProcessCommand =
  | ({ type: 'create'; name: string; now: Date } & ProcessContent)
  | ({ type: 'create-version'; name: string; now: Date } & ProcessContent)
  | { type: 'create-alias' | 'update-alias'; alias: string; version: number }
  | { type: 'delete-alias'; alias: string };

const PROCESS_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/i;
const ALIAS_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/i;

export const latestVersion = (s: ProcessState): ProcessVersion | null => s.versions.at(-1) ?? null;
export const versionOf = (s: ProcessState, version: number): ProcessVersion | null => s.versions.find((v) => v.version === version) ?? null;
/** The version an alias points at (`release-1`), or null. */
export const aliasedVersion = (s: ProcessState, alias: string): ProcessVersion | null => {
  const version = s.aliases[alias];
  return version === undefined ? null : versionOf(s, version);
};
export const aliasesOf = (s: ProcessState, version: number): string[] => Object.keys(s.aliases).filter((a) => s.aliases[a] === version).sort();

/** Two pushes are the same when the definition text and every template are identical. */
const sameContent = (v: ProcessVersion, c: ProcessContent): boolean =>
  v.edn === c.edn && JSON.stringify(sortedTemplates(v.templates)) === JSON.stringify(sortedTemplates(c.templates));
const sortedTemplates = (t: EmailTemplates) => Object.keys(t).sort().map((k) => [k, t[k].subject, t[k].html]);

const missing = (name: string | null) => conflict('tx-process-not-found', `There is no transaction process ${name ?? ''}.`.replace(' .', '.'));

const newVersion = (s: ProcessState, c: ProcessContent & { name: string; now: Date }): ProcessEvent => ({
  type: 'process/version-created',
  data: { name: c.name, version: (latestVersion(s)?.version ?? 0) + 1, edn: c.edn, definition: c.definition, templates: c.templates, createdAt: c.now.toISOString() },
});

export const processDecider: Decider<ProcessCommand, ProcessState, ProcessEvent> = {
  initialState: () => ({ name: null, versions: [], aliases: {} }),
  evolve: (s, e) => {
    switch (e.type) {
      case 'process/version-created': {
        const { name, ...version } = e.data;
        return { ...s, name, versions: [...s.versions, version] };
      }
      case 'process/alias-created':
      case 'process/alias-updated':
        return { ...s, aliases: { ...s.aliases, [e.data.alias]: e.data.version } };
      case 'process/alias-deleted': {
        const { [e.data.alias]: _gone, ...aliases } = s.aliases;
        return { ...s, aliases };
      }
      default:
        return s;
    }
  },
  decide: (c, s) => {
    switch (c.type) {
      case 'create':
        if (!PROCESS_NAME.test(c.name)) throw apiError(400, 'validation-invalid-value', `A process name is letters, digits, - and _ (got "${c.name}").`);
        if (s.versions.length > 0) throw conflict('tx-process-already-exists', `The transaction process ${c.name} already exists; push a new version instead.`);
        return [newVersion(s, c)];
      case 'create-version': {
        const latest = latestVersion(s);
        if (!latest) throw missing(c.name);
        return sameContent(latest, c) ? [] : [newVersion(s, c)];
      }
      case 'create-alias':
      case 'update-alias': {
        if (s.versions.length === 0) throw missing(s.name);
        if (!ALIAS_NAME.test(c.alias)) throw apiError(400, 'validation-invalid-value', `An alias is letters, digits, ., - and _ (got "${c.alias}").`);
        if (!versionOf(s, c.version)) throw conflict('tx-process-version-not-found', `Process ${s.name} has no version ${c.version}.`);
        const exists = c.alias in s.aliases;
        if (c.type === 'create-alias' && exists) throw conflict('tx-process-alias-already-exists', `Alias ${c.alias} already exists; update it instead.`);
        if (c.type === 'update-alias' && !exists) throw conflict('tx-process-alias-not-found', `Process ${s.name} has no alias ${c.alias}.`);
        if (s.aliases[c.alias] === c.version) return [];
        return [{ type: c.type === 'create-alias' ? 'process/alias-created' : 'process/alias-updated', data: { alias: c.alias, version: c.version } }];
      }
      case 'delete-alias':
        if (!(c.alias in s.aliases)) throw conflict('tx-process-alias-not-found', `Process ${s.name ?? ''} has no alias ${c.alias}.`);
        return [{ type: 'process/alias-deleted', data: { alias: c.alias } }];
    }
  },
};
