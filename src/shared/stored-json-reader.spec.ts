import { isDeepStrictEqual } from 'node:util';
import { marketplaceLog } from '../../bench/rebuild/marketplace-log';
import { decodeStored, encodeStored } from './stored-json';
import { decodeStoredFast } from './stored-json-reader';
import { BigDecimal, LatLng, Money, Uuid } from './values';

/** A small deterministic PRNG (mulberry32). */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const STRINGS = ['', 'plain', '~', '~~', '~tilde', '~#tag', '~u', '~t2020', '^', '^0', '^ ', '`tick', '~`', '~^', 'ünïcödé ☃ 😀', '__proto__', 'resource', '"quoted"', 'a\\b'];

const arbitrary = (next: () => number, depth: number): unknown => {
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)];
  const kind = Math.floor(next() * (depth > 3 ? 9 : 12));
  switch (kind) {
    case 0:
      return pick(STRINGS) + (next() < 0.5 ? '' : String(Math.floor(next() * 100)));
    case 1:
      return pick([0, -0, 1, -1.5, 1e300, 2 ** 53 + 2, Number.MIN_VALUE, 42]);
    case 2:
      return pick([true, false, null]);
    case 3:
      return new Uuid('6f0c3f64-1111-4111-8111-' + String(Math.floor(next() * 1e12)).padStart(12, '0'));
    case 4:
      return new Date(Math.floor(next() * 4e12));
    case 5:
      return new Money(Math.floor(next() * 1e6), pick(['EUR', 'USD']));
    case 6:
      return new LatLng(next() * 180 - 90, next() * 360 - 180);
    case 7:
      return new BigDecimal(String(next() * 1000));
    case 8:
      return pick(STRINGS);
    case 9:
    case 10:
      return Array.from({ length: Math.floor(next() * 4) }, () => arbitrary(next, depth + 1));
    default:
      return Object.fromEntries(Array.from({ length: Math.floor(next() * 5) }, () => [pick(STRINGS) + pick(['', 'x', '1']), arbitrary(next, depth + 1)]));
  }
};

describe('decodeStoredFast', () => {
  it('reads exactly what decodeStored reads, for arbitrary stored values', () => {
    const next = random(7);
    for (let i = 0; i < 3000; i += 1) {
      const text = encodeStored(arbitrary(next, 0));
      const fast = decodeStoredFast(text);
      if (!isDeepStrictEqual(fast, decodeStored(text))) throw new Error(`differs for ${text}`);
    }
  });

  it('reads exactly what decodeStored reads, for the events of a marketplace', () => {
    for (const batch of marketplaceLog('6f0c3f64-0000-4000-8000-000000000001', 'client', 3000, { window: 30 })) {
      for (const event of batch.flatMap((append) => append.events)) {
        for (const text of [encodeStored(event.data), encodeStored(event.metadata)]) {
          if (!isDeepStrictEqual(decodeStoredFast(text), decodeStored(text))) throw new Error(`differs for ${text}`);
        }
      }
    }
  });

  it('hands forms the verbose writer does not write to decodeStored', () => {
    for (const text of ['["^ ","a",1]', '["~#u","6f0c3f64-1111-4111-8111-111111111111"]', '{"~#\'":"x"}', '"^0"', '{"~#unknown":1}', '"~zNaN"', '{"~uabc":1}'])
      expect(isDeepStrictEqual(decodeStoredFast(text), decodeStored(text))).toBe(true);
    expect(() => decodeStoredFast('{not json')).toThrow(SyntaxError);
  });
});
