import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDNListParser } from 'edn-data/dist/parse';
import type { EmailTemplates } from './domain/process-definition';
import type { ProcessContent, ProcessVersion } from './domain/process.decider';
import { Edn, ProcessProblems, ProcessValidationError, validateProcess } from './domain/process-validation';

/**
 * Process definitions on disk, in the platform CLI's layout: `<dir>/process.edn` and
 * `<dir>/templates/<t>/<t>-html.html` + `<t>-subject.txt`. The five default processes live in
 * src/transactions/processes (copied next to the compiled code by `npm run build`).
 */
export const DEFAULT_PROCESSES_FOLDER = join(__dirname, 'processes');
export const DEFAULT_PROCESS_NAMES = ['default-booking', 'default-purchase', 'default-inquiry', 'default-negotiation', 'default-download'] as const;
export const DEFAULT_ALIAS = 'release-1';

/** Parses EDN text with edn-data; text that is not exactly one complete value is an error. */
export const parseEdn = (text: string): Edn => {
  const parser = new EDNListParser({ mapAs: 'doubleArray', listAs: 'array', setAs: 'array', keywordAs: 'object' });
  let values: unknown[];
  try {
    values = parser.next(`${text}\n`);
  } catch (error) {
    throw new ProcessValidationError([`process.edn is not valid EDN: ${(error as Error).message}`]);
  }
  if (parser.stack.length > 0 || parser.mode !== 0) throw new ProcessValidationError(['process.edn is not valid EDN: it ends inside an unclosed map, vector or string']);
  if (values.length !== 1) throw new ProcessValidationError([`process.edn must hold exactly one map (found ${values.length} values)`]);
  return values[0] as Edn;
};

/** A definition and its templates, validated: throws ProcessValidationError listing every problem. */
export const processContentOf = (edn: string, templates: EmailTemplates): ProcessContent & ProcessProblems => {
  const { definition, errors, warnings } = validateProcess(parseEdn(edn), templates);
  if (!definition) throw new ProcessValidationError(errors);
  return { edn, definition, templates, errors, warnings };
};

export const readTemplates = (dir: string): EmailTemplates => {
  const root = join(dir, 'templates');
  if (!existsSync(root)) return {};
  const templates: EmailTemplates = {};
  for (const name of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)) {
    const html = join(root, name, `${name}-html.html`);
    const subject = join(root, name, `${name}-subject.txt`);
    if (existsSync(html) && existsSync(subject)) templates[name] = { html: readFileSync(html, 'utf8'), subject: readFileSync(subject, 'utf8') };
  }
  return templates;
};

/** Reads and validates a process folder (`process push --path`). */
export const readProcessFolder = (dir: string): ProcessContent & ProcessProblems => {
  const file = join(dir, 'process.edn');
  if (!existsSync(file)) throw new ProcessValidationError([`${file} does not exist`]);
  return processContentOf(readFileSync(file, 'utf8'), readTemplates(dir));
};

/** Writes a version back in the same layout (`process pull`). */
export const writeProcessFolder = (dir: string, version: Pick<ProcessVersion, 'edn' | 'templates'>): void => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'process.edn'), version.edn);
  for (const [name, t] of Object.entries(version.templates)) {
    mkdirSync(join(dir, 'templates', name), { recursive: true });
    writeFileSync(join(dir, 'templates', name, `${name}-html.html`), t.html);
    writeFileSync(join(dir, 'templates', name, `${name}-subject.txt`), t.subject);
  }
};

let defaults: Array<{ name: string } & ProcessContent> | null = null;

/** The five default processes, read once. */
export const defaultProcesses = (): Array<{ name: string } & ProcessContent> => {
  defaults ??= DEFAULT_PROCESS_NAMES.map((name) => {
    const { edn, definition, templates } = readProcessFolder(join(DEFAULT_PROCESSES_FOLDER, name));
    return { name, edn, definition, templates };
  });
  return defaults;
};
