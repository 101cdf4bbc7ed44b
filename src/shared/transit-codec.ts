import transit from 'transit-js';
import { BigDecimal, LatLng, Money, Uuid } from './values';

/**
 * The Transit value handlers shared by the HTTP codec (src/http/transit.ts) and the stored-event codec
 * (src/shared/stored-json.ts), with the SDK's custom types (sharetribe-flex-sdk src/serializer.js): UUID `u`,
 * Money `mn`, LatLng `geo`, BigDecimal `f`; dates use transit-js's built-in `m`/`t`. Everything goes through
 * transit-js, never a hand-written encoder: compact mode's cache codes must match the reader's exactly.
 */

/** A keyword value (`~:listing`). Plain JSON writes it as a string. */
export class Keyword {
  constructor(readonly name: string) {}
  toJSON(): string {
    return this.name;
  }
}

const keywordCache = new Map<string, Keyword>();
export const keyword = (name: string): Keyword => {
  let k = keywordCache.get(name);
  if (!k) {
    k = new Keyword(name);
    keywordCache.set(name, k);
  }
  return k;
};

const writeHandlers = transit.map([
  Uuid,
  transit.makeWriteHandler({ tag: () => 'u', rep: (v: Uuid) => v.uuid, stringRep: (v: Uuid) => v.uuid }),
  Money,
  transit.makeWriteHandler({ tag: () => 'mn', rep: (v: Money) => [v.amount, v.currency] }),
  LatLng,
  transit.makeWriteHandler({ tag: () => 'geo', rep: (v: LatLng) => [v.lat, v.lng] }),
  BigDecimal,
  transit.makeWriteHandler({ tag: () => 'f', rep: (v: BigDecimal) => v.value, stringRep: (v: BigDecimal) => v.value }),
  Keyword,
  transit.makeWriteHandler({ tag: () => ':', rep: (v: Keyword) => v.name, stringRep: (v: Keyword) => v.name }),
]);

/** Plain objects become maps with string keys; `__proto__` is kept as data, never as a prototype. */
export const mapBuilder = {
  init: () => ({}) as Record<string, unknown>,
  add: (m: Record<string, unknown>, k: unknown, v: unknown) => {
    const key = String(k);
    if (key === '__proto__') Object.defineProperty(m, key, { value: v, enumerable: true, writable: true, configurable: true });
    else m[key] = v;
    return m;
  },
  finalize: (m: Record<string, unknown>) => m,
};

/** Arbitrary-precision integers (`~n`) become numbers when safe, else exact strings. */
const readInteger = (rep: string | number) => {
  const n = Number(rep);
  return Number.isSafeInteger(n) ? n : String(rep);
};

/** Read handlers for every tag but `u`: the readers differ only in what a UUID becomes. */
export const commonReadHandlers = {
  mn: (rep: [number, string]) => new Money(rep[0], rep[1]),
  geo: (rep: [number, number]) => new LatLng(rep[0], rep[1]),
  f: (rep: string) => new BigDecimal(String(rep)),
  ':': (rep: string) => rep,
  $: (rep: string) => rep,
  set: (rep: unknown[]) => rep,
  list: (rep: unknown[]) => rep,
  cmap: (rep: unknown[]) => {
    const m: Record<string, unknown> = {};
    for (let i = 0; i < rep.length; i += 2) mapBuilder.add(m, rep[i], rep[i + 1]);
    return m;
  },
  n: readInteger,
  r: (rep: string) => rep,
};

const compactWriter = transit.writer('json', { handlers: writeHandlers });
const verboseWriter = transit.writer('json-verbose', { handlers: writeHandlers });

export const encodeTransit = (value: unknown, verbose = false): string =>
  (verbose ? verboseWriter : compactWriter).write(value);

const uncachedWriter = transit.writer('json', { handlers: writeHandlers, cache: false });

/**
 * Compact Transit without the write cache (no `^0` back-references): a value's text is the same alone as inside
 * any document, so texts written apart can be joined into one that any Transit reader decodes (events/query
 * joins stored event views into its page). The text is longer than `encodeTransit`'s, never different once read.
 */
export const encodeTransitUncached = (value: unknown): string => uncachedWriter.write(value);

/** Reads what encodeTransit wrote, keeping our value classes (for stored events and documents). */
const typedReader = transit.reader('json', {
  handlers: { ...commonReadHandlers, u: (rep: string) => new Uuid(rep) },
  mapBuilder,
});
export const decodeTransitTyped = (text: string): unknown => typedReader.read(text);
