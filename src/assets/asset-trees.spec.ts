import { LruCache } from './asset-trees';

describe('LruCache', () => {
  it('past its size, drops an entry not used since it was placed before one that was', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('never drops the entry being set for older ones, even when all of them were used', () => {
    const cache = new LruCache<string, number>(3);
    for (const key of ['a', 'b', 'c']) cache.set(key, 0);
    for (const key of ['a', 'b', 'c']) cache.get(key);
    cache.set('d', 4);
    expect(cache.get('d')).toBe(4);
    expect(['a', 'b', 'c'].filter((key) => cache.get(key) !== undefined)).toHaveLength(2);
  });

  it('keeps its weight under the bound, counting an entry set again once', () => {
    const cache = new LruCache<string, string>(10, 10);
    cache.set('a', 'x', 4);
    cache.set('b', 'y', 4);
    cache.set('a', 'z', 4);
    expect([cache.get('a'), cache.get('b')]).toEqual(['z', 'y']);
    cache.set('c', 'w', 4);
    expect(cache.get('c')).toBe('w');
    expect(['a', 'b'].filter((key) => cache.get(key) !== undefined)).toHaveLength(1);
    // An entry heavier than the bound is kept, alone.
    cache.set('big', 'v', 50);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('big')]).toEqual([undefined, undefined, undefined, 'v']);
  });
});
