import { decodeStored } from './stored-json';
import { commonReadHandlers, mapBuilder } from './transit-codec';
import { Uuid } from './values';

/**
 * decodeStored for bulk reads (a rebuild decodes every event of the log): `JSON.parse`, then one walk that turns
 * the forms the verbose writer gives our values (`~u`, `~t`, `{"~#mn": …}`, escapes…) into them, with the same
 * handlers and map building as decodeStored. transit-js's reader does the same walk with far more work and
 * garbage per value (key caching, tag objects, a builder call per entry).
 *
 * Anything else, which the verbose writer does not write or this service does not store (another tag, a cache
 * code, the compact forms, a key that is not a string), makes it hand the text to decodeStored: the result is
 * always decodeStored's (src/shared/stored-json-reader.spec.ts).
 */
export const decodeStoredFast = <T = unknown>(text: string): T => {
  try {
    return value(JSON.parse(text)) as T;
  } catch (error) {
    if (error === UNUSUAL) return decodeStored<T>(text);
    throw error;
  }
};

const UNUSUAL = new Error('not a form decodeStoredFast reads');

/** Tagged values (`{"~#tag": rep}` maps and `~x` strings), as the typed reader of transit-codec.ts builds them. */
const HANDLERS: Record<string, (rep: never) => unknown> = {
  ...commonReadHandlers,
  u: (rep: string) => new Uuid(rep),
  t: (rep: string) => new Date(rep),
  m: (rep: string | number) => new Date(typeof rep === 'number' ? rep : parseInt(rep, 10)),
};

const TILDE = 0x7e;
const CARET = 0x5e;
const BACKTICK = 0x60;
const HASH = 0x23;

const value = (v: unknown): unknown => {
  if (typeof v === 'string') return string(v);
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    // A 2-array headed by a tag or "^ " is a compact form: never written by the verbose writer.
    if (v.length > 0 && typeof v[0] === 'string' && (v[0] === '^ ' || (v.length === 2 && isTag(v[0])))) throw UNUSUAL;
    return elements(v);
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 1 && isTag(keys[0])) return tagged(keys[0].substring(2), o[keys[0]]);
  let map = mapBuilder.init();
  for (const key of keys) {
    const k = string(key);
    if (typeof k !== 'string') throw UNUSUAL;
    map = mapBuilder.add(map, k, value(o[key]));
  }
  return map;
};

/** A tag's representation: an array's elements are plain values (no compact-form check), as transit-js reads them. */
const tagged = (tag: string, rep: unknown): unknown => {
  const handler = HANDLERS[tag];
  if (!handler) throw UNUSUAL;
  return handler((Array.isArray(rep) ? elements(rep) : value(rep)) as never);
};

const elements = (a: unknown[]): unknown[] => {
  const out = new Array<unknown>(a.length);
  for (let i = 0; i < a.length; i += 1) out[i] = value(a[i]);
  return out;
};

const isTag = (s: string): boolean => s.charCodeAt(0) === TILDE && s.charCodeAt(1) === HASH;

const string = (s: string): unknown => {
  const first = s.charCodeAt(0);
  // A cache code (`^0`): only the compact writer makes them (the verbose one escapes a leading ^).
  if (first === CARET) throw UNUSUAL;
  if (first !== TILDE) return s;
  const second = s.charCodeAt(1);
  if (second === TILDE || second === CARET || second === BACKTICK) return s.substring(1);
  const handler = second === HASH ? undefined : HANDLERS[s.charAt(1)];
  if (!handler) throw UNUSUAL;
  return handler(s.substring(2) as never);
};
