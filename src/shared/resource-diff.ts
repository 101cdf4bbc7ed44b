/**
 * `previousValues` of an `<type>/updated` event: only what changed, each changed value whole, a newly added value as
 * null. Extended data (and a user's nested `profile`) is diffed per top-level key, as the platform does.
 */
const PER_KEY = new Set(['profile', 'publicData', 'protectedData', 'privateData', 'metadata']);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

export const deepEqual = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (a.constructor !== b.constructor) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
};

const diffObject = (before: Record<string, unknown>, after: Record<string, unknown>, perKey: boolean) => {
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = before[key];
    const a = after[key];
    if (deepEqual(a, b)) continue;
    if (perKey && PER_KEY.has(key) && isPlainObject(a) && isPlainObject(b)) out[key] = diffObject(b, a, key === 'profile');
    else out[key] = b === undefined ? null : b;
  }
  return out;
};

export interface ResourceShape {
  attributes: Record<string, unknown>;
  relationships?: Record<string, unknown>;
}

export const previousValues = (before: ResourceShape, after: ResourceShape) => {
  const attributes = diffObject(before.attributes, after.attributes, true);
  const relationships = diffObject(before.relationships ?? {}, after.relationships ?? {}, false);
  return {
    ...(Object.keys(attributes).length ? { attributes } : {}),
    ...(Object.keys(relationships).length ? { relationships } : {}),
  };
};

/** Top-level merge of extended data: given keys replace, `null` removes; nested values are not merged. */
export const mergeExtendedData = (current: Record<string, unknown>, update: Record<string, unknown>) => {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
};
