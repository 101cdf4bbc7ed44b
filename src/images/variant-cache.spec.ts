import { VariantCache } from './variant-cache';

const blob = (bytes: number) => ({ data: Buffer.alloc(bytes), contentType: 'image/jpeg' });

describe('the custom variant cache', () => {
  it('keeps the most recently used variants within its budget of bytes', () => {
    const cache = new VariantCache(100);
    cache.set('a', blob(40));
    cache.set('b', blob(40));
    expect(cache.get('a')).toBeDefined();
    cache.set('c', blob(40));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    expect(cache.size).toEqual({ entries: 2, bytes: 80 });
  });

  it('never keeps one variant larger than the budget, and counts a replaced entry once', () => {
    const cache = new VariantCache(100);
    cache.set('huge', blob(101));
    expect(cache.get('huge')).toBeUndefined();
    cache.set('a', blob(30));
    cache.set('a', blob(50));
    expect(cache.size).toEqual({ entries: 1, bytes: 50 });
  });
});
