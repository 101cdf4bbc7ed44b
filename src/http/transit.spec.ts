import { BigDecimal, LatLng, Money, Uuid } from '../shared/values';
import { decodeTransit, encodeTransit, keyword } from './transit';

// Bytes captured from the SDK (sdk-wire-contract §2.6): compact mode with keyword keys and cache codes.
const SDK_BODY =
  '["^ ","~:title","T","~:price",["~#mn",[5000,"USD"]],"~:geolocation",["~#geo",[1,2]],"~:when","~m1530403200000",' +
  '"~:id","~u33333333-3333-3333-3333-333333333333","~:dec","~f1.5","~:publicData",["^ ","~:nested",["^ ","~:a",[1,"x"]]],"~:n",null,"~:b",false]';

describe('Transit codec', () => {
  it('reads what the SDK writes: keyword keys as strings, UUIDs as strings, typed values as value classes', () => {
    expect(decodeTransit(SDK_BODY)).toEqual({
      title: 'T',
      price: new Money(5000, 'USD'),
      geolocation: new LatLng(1, 2),
      when: new Date(1530403200000),
      id: '33333333-3333-3333-3333-333333333333',
      dec: new BigDecimal('1.5'),
      publicData: { nested: { a: [1, 'x'] } },
      n: null,
      b: false,
    });
  });

  it('reads cache codes and verbose bodies', () => {
    expect(decodeTransit('[["^ ","~:aaaa",1],["^ ","^0",2]]')).toEqual([{ aaaa: 1 }, { aaaa: 2 }]);
    expect(decodeTransit('{"~:bookingStart":"~t2024-05-01T00:00:00.000Z"}')).toEqual({ bookingStart: new Date('2024-05-01T00:00:00.000Z') });
  });

  it('keeps __proto__ as data', () => {
    const value = decodeTransit('["^ ","__proto__",["^ ","polluted",true]]') as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(value)).toEqual(['__proto__']);
  });

  it('writes the SDK types with their tags and escapes user strings', () => {
    const text = encodeTransit({ id: new Uuid('33333333-3333-3333-3333-333333333333'), type: keyword('listing'), price: new Money(100, 'EUR'), at: new LatLng(1, 2), title: '~tilde' });
    expect(text).toBe('["^ ","id","~u33333333-3333-3333-3333-333333333333","type","~:listing","price",["~#mn",[100,"EUR"]],"at",["~#geo",[1,2]],"title","~~tilde"]');
    expect(encodeTransit({ d: new Date(0) }, true)).toBe('{"d":"~t1970-01-01T00:00:00.000Z"}');
  });
});
