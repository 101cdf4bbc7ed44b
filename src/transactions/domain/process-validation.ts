import {
  ActionSpec,
  ActorRole,
  EmailTemplates,
  KNOWN_ACTIONS,
  NotificationSpec,
  PRIVILEGED_ACTIONS,
  ProcessDefinition,
  TimeExpression,
  TIMEPOINTS,
  TransitionSpec,
} from './process-definition';
import { isIsoDuration } from './time-expressions';

/** The parsed EDN shapes (edn-data with maps as pairs, keywords as `{key}`, vectors, lists and sets as arrays). */
export type Edn = string | number | boolean | null | { key: string } | { map: Array<[Edn, Edn]> } | Edn[] | { [other: string]: unknown };

export interface ProcessProblems {
  errors: string[];
  warnings: string[];
}

export class ProcessValidationError extends Error {
  constructor(readonly errors: string[]) {
    super(`Invalid transaction process:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
  }
}

const isKeyword = (v: unknown): v is { key: string } => typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { key?: unknown }).key === 'string' && Object.keys(v).length === 1;
const isMap = (v: unknown): v is { map: Array<[Edn, Edn]> } => typeof v === 'object' && v !== null && Array.isArray((v as { map?: unknown }).map);
const kw = (v: Edn | undefined): string | null => (isKeyword(v) ? v.key : null);
const show = (name: string | null) => (name ? `:${name}` : '(unnamed)');

/** A map's entries by keyword key; a key that is not a keyword is reported. */
const entries = (m: { map: Array<[Edn, Edn]> }, where: string, errors: string[]): Map<string, Edn> => {
  const out = new Map<string, Edn>();
  for (const [k, v] of m.map) {
    const key = kw(k);
    if (key === null) errors.push(`${where}: keys must be keywords`);
    else out.set(key, v);
  }
  return out;
};

/** Plain data of an EDN value (config maps): keywords become their names. */
const plain = (v: Edn): unknown => {
  if (isKeyword(v)) return v.key;
  if (isMap(v)) return Object.fromEntries(v.map.map(([k, val]) => [isKeyword(k) ? k.key : String(k), plain(val)]));
  if (Array.isArray(v)) return v.map(plain);
  return v;
};

const ROLES: Record<string, ActorRole> = { 'actor.role/customer': 'customer', 'actor.role/provider': 'provider', 'actor.role/operator': 'operator' };

const TRANSITION_KEYS = new Set(['name', 'from', 'to', 'actor', 'at', 'actions', 'privileged?']);
const NOTIFICATION_KEYS = new Set(['name', 'on', 'to', 'template', 'at']);

const timeExpression = (v: Edn, where: string, errors: string[]): TimeExpression | null => {
  if (!isMap(v) || v.map.length !== 1) {
    errors.push(`${where}: a time expression is a map with one :fn/… key`);
    return null;
  }
  const [[k, arg]] = v.map;
  const fn = kw(k);
  const args = Array.isArray(arg) ? (arg as Edn[]) : null;
  if (!args) {
    errors.push(`${where}: the arguments of ${show(fn)} must be a vector`);
    return null;
  }
  const sub = (a: Edn) => timeExpression(a, where, errors);
  switch (fn) {
    case 'fn/timepoint': {
      const timepoint = kw(args[0]);
      if (!timepoint || !TIMEPOINTS.has(timepoint)) {
        errors.push(`${where}: unknown timepoint ${String(timepoint ? `:${timepoint}` : JSON.stringify(args[0]))}`);
        return null;
      }
      const needsArg = /first-entered-state|last-entered-state|first-transitioned/.test(timepoint);
      const extra = args.length > 1 ? kw(args[1]) : null;
      if (needsArg && !extra) {
        errors.push(`${where}: :${timepoint} needs a state or transition argument`);
        return null;
      }
      return { fn: 'timepoint', timepoint, arg: needsArg ? extra : null };
    }
    case 'fn/period':
      if (args.length !== 1 || typeof args[0] !== 'string' || !isIsoDuration(args[0])) {
        errors.push(`${where}: :fn/period takes one ISO-8601 duration string, like ["PT15M"]`);
        return null;
      }
      return { fn: 'period', period: args[0] };
    case 'fn/plus':
    case 'fn/minus': {
      if (args.length < 2) {
        errors.push(`${where}: ${show(fn)} takes a time and at least one period`);
        return null;
      }
      const [base, ...rest] = args.map(sub);
      if (!base || rest.some((p) => !p)) return null;
      if (rest.some((p) => p!.fn !== 'period')) {
        errors.push(`${where}: ${show(fn)} adds only :fn/period values`);
        return null;
      }
      return { fn: fn === 'fn/plus' ? 'plus' : 'minus', base, periods: rest as TimeExpression[] };
    }
    case 'fn/min': {
      if (args.length < 1) {
        errors.push(`${where}: :fn/min takes at least one time`);
        return null;
      }
      const parts = args.map(sub);
      return parts.some((p) => !p) ? null : { fn: 'min', args: parts as TimeExpression[] };
    }
    case 'fn/ignore-if-past': {
      const inner = args.length === 1 ? sub(args[0]) : null;
      if (args.length !== 1) errors.push(`${where}: :fn/ignore-if-past takes one time`);
      return inner ? { fn: 'ignore-if-past', arg: inner } : null;
    }
    default:
      errors.push(`${where}: unknown time function ${show(fn)}`);
      return null;
  }
};

/** States and transitions a time expression refers to, for the existence checks. */
const references = (e: TimeExpression): Array<{ kind: 'state' | 'transition'; name: string }> => {
  switch (e.fn) {
    case 'timepoint':
      if (!e.arg) return [];
      return [{ kind: e.timepoint === 'time/first-transitioned' ? 'transition' : 'state', name: e.arg }];
    case 'period':
      return [];
    case 'plus':
    case 'minus':
      return [e.base, ...e.periods].flatMap(references);
    case 'min':
      return e.args.flatMap(references);
    case 'ignore-if-past':
      return references(e.arg);
  }
};

const action = (v: Edn, where: string, errors: string[]): ActionSpec | null => {
  if (!isMap(v)) {
    errors.push(`${where}: an action is a map with :name and optional :config`);
    return null;
  }
  const e = entries(v, where, errors);
  const name = kw(e.get('name'));
  if (!name) {
    errors.push(`${where}: an action needs a keyword :name`);
    return null;
  }
  if (name === 'action.initializer/init-listing-tx') errors.push(`${where}: :${name} runs implicitly in every initial transition and must not be written`);
  else if (!KNOWN_ACTIONS.has(name)) errors.push(`${where}: unknown action :${name}`);
  const config = e.get('config');
  if (config !== undefined && config !== null && !isMap(config)) errors.push(`${where}: :config of :${name} must be a map`);
  return { name, config: config && isMap(config) ? (plain(config) as Record<string, unknown>) : {} };
};

const transition = (v: Edn, index: number, errors: string[]): TransitionSpec | null => {
  if (!isMap(v)) {
    errors.push(`transition #${index + 1}: must be a map`);
    return null;
  }
  const e = entries(v, `transition #${index + 1}`, errors);
  const name = kw(e.get('name'));
  const where = `transition ${show(name)}`;
  if (!name) errors.push(`transition #${index + 1}: :name is required and must be a keyword`);
  else if (!name.startsWith('transition/')) errors.push(`${where}: the name must be in the :transition/ namespace`);
  for (const key of e.keys()) if (!TRANSITION_KEYS.has(key)) errors.push(`${where}: unknown key :${key}`);
  const to = kw(e.get('to'));
  if (!to) errors.push(`${where}: :to is required and must be a state keyword`);
  const fromValue = e.get('from');
  const from = fromValue === undefined || fromValue === null ? null : kw(fromValue);
  if (fromValue !== undefined && fromValue !== null && !from) errors.push(`${where}: :from must be a state keyword`);
  const hasActor = e.has('actor');
  const hasAt = e.has('at');
  if (hasActor === hasAt) errors.push(`${where}: exactly one of :actor and :at is required`);
  let actor: ActorRole | null = null;
  if (hasActor) {
    actor = ROLES[kw(e.get('actor')) ?? ''] ?? null;
    if (!actor) errors.push(`${where}: :actor must be :actor.role/customer, :actor.role/provider or :actor.role/operator`);
  }
  const at = hasAt ? timeExpression(e.get('at')!, `${where} :at`, errors) : null;
  const actionsValue = e.get('actions') ?? [];
  if (!Array.isArray(actionsValue)) errors.push(`${where}: :actions must be a vector`);
  const actions = (Array.isArray(actionsValue) ? actionsValue : [])
    .map((a, i) => action(a as Edn, `${where} action #${i + 1}`, errors))
    .filter((a): a is ActionSpec => a !== null);
  const privilegedValue = e.get('privileged?');
  if (privilegedValue !== undefined && typeof privilegedValue !== 'boolean') errors.push(`${where}: :privileged? must be true or false`);
  const privileged = privilegedValue === true;
  for (const a of actions)
    if (PRIVILEGED_ACTIONS.has(a.name) && !privileged && actor !== 'operator')
      errors.push(`${where}: the privileged action :${a.name} needs :privileged? true or the operator as actor`);
  if (from === null && hasAt) errors.push(`${where}: an initial transition cannot be delayed (:at)`);
  if (from === null && actor === 'operator') errors.push(`${where}: an initial transition's actor must be the customer or the provider`);
  if (!name || !to) return null;
  return { name, from, to, actor, at, actions, privileged };
};

const notification = (v: Edn, index: number, errors: string[]): NotificationSpec | null => {
  if (!isMap(v)) {
    errors.push(`notification #${index + 1}: must be a map`);
    return null;
  }
  const e = entries(v, `notification #${index + 1}`, errors);
  const name = kw(e.get('name'));
  const where = `notification ${show(name)}`;
  if (!name) errors.push(`notification #${index + 1}: :name is required and must be a keyword`);
  for (const key of e.keys()) if (!NOTIFICATION_KEYS.has(key)) errors.push(`${where}: unknown key :${key}`);
  const on = kw(e.get('on'));
  if (!on) errors.push(`${where}: :on is required and must be a transition keyword`);
  const toRole = ROLES[kw(e.get('to')) ?? ''];
  if (toRole !== 'customer' && toRole !== 'provider') errors.push(`${where}: :to must be :actor.role/customer or :actor.role/provider`);
  const template = kw(e.get('template'));
  if (!template || template.includes('/')) errors.push(`${where}: :template must be a simple keyword (no namespace)`);
  const at = e.has('at') ? timeExpression(e.get('at')!, `${where} :at`, errors) : null;
  if (!name || !on || !template || (toRole !== 'customer' && toRole !== 'provider')) return null;
  return { name, on, to: toRole, template, at };
};

/** Every state reachable from the initial transitions, following the transitions forwards. */
const reachableStates = (transitions: TransitionSpec[]): Set<string> => {
  const reached = new Set(transitions.filter((t) => t.from === null).map((t) => t.to));
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of transitions)
      if (t.from !== null && reached.has(t.from) && !reached.has(t.to)) {
        reached.add(t.to);
        grew = true;
      }
  }
  return reached;
};

const duplicates = (names: string[]): string[] => [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];

/**
 * Validates a parsed `process.edn` with the platform CLI's rules (reference §1.1) and the templates shipped with
 * it: a missing template is an error, an unused one a warning. Every problem is reported, each naming its
 * transition or notification.
 */
export const validateProcess = (root: Edn, templates: EmailTemplates | null = null): { definition: ProcessDefinition | null } & ProcessProblems => {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (!isMap(root)) return { definition: null, errors: ['the process must be a map with :format, :transitions and :notifications'], warnings };
  const top = entries(root, 'process', errors);
  for (const key of top.keys()) if (!['format', 'transitions', 'notifications'].includes(key)) errors.push(`process: unknown key :${key}`);
  if (kw(top.get('format')) !== 'v3') errors.push('process: :format must be :v3');
  const rawTransitions = top.get('transitions');
  if (!Array.isArray(rawTransitions) || rawTransitions.length === 0) errors.push('process: :transitions must be a non-empty vector');
  const rawNotifications = top.get('notifications') ?? [];
  if (!Array.isArray(rawNotifications)) errors.push('process: :notifications must be a vector');

  const transitions = (Array.isArray(rawTransitions) ? rawTransitions : []).map((t, i) => transition(t as Edn, i, errors)).filter((t): t is TransitionSpec => t !== null);
  const notifications = (Array.isArray(rawNotifications) ? rawNotifications : []).map((n, i) => notification(n as Edn, i, errors)).filter((n): n is NotificationSpec => n !== null);

  for (const d of duplicates(transitions.map((t) => t.name))) errors.push(`transition :${d}: the name is used more than once`);
  for (const d of duplicates(notifications.map((n) => n.name))) errors.push(`notification :${d}: the name is used more than once`);
  if (transitions.length > 0 && !transitions.some((t) => t.from === null)) errors.push('process: there is no initial transition (one without :from)');

  const states = new Set(transitions.flatMap((t) => (t.from ? [t.from, t.to] : [t.to])));
  const names = new Set(transitions.map((t) => t.name));
  const reachable = reachableStates(transitions);
  for (const t of transitions)
    if (t.from !== null && !reachable.has(t.from)) errors.push(`transition :${t.name}: its state :${t.from} is not reachable from the initial state`);
  const checkRefs = (where: string, e: TimeExpression | null) => {
    for (const ref of e ? references(e) : [])
      if (ref.kind === 'state' ? !states.has(ref.name) : !names.has(ref.name)) errors.push(`${where}: :at refers to the unknown ${ref.kind} :${ref.name}`);
  };
  for (const t of transitions) checkRefs(`transition :${t.name}`, t.at);
  for (const n of notifications) {
    if (!names.has(n.on)) errors.push(`notification :${n.name}: :on names the unknown transition :${n.on}`);
    checkRefs(`notification :${n.name}`, n.at);
  }
  if (templates) {
    const used = new Set(notifications.map((n) => n.template));
    for (const n of notifications) {
      const t = templates[n.template];
      if (!t || typeof t.html !== 'string' || typeof t.subject !== 'string')
        errors.push(`notification :${n.name}: template ${n.template} is missing (templates/${n.template}/${n.template}-html.html and -subject.txt)`);
    }
    for (const name of Object.keys(templates)) if (!used.has(name)) warnings.push(`template ${name} is not used by any notification`);
  }
  return { definition: errors.length === 0 ? { format: 'v3', transitions, notifications } : null, errors, warnings };
};
