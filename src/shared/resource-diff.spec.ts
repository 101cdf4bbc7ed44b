import { mergeExtendedData, previousValues } from './resource-diff';

describe('previousValues', () => {
  it('keeps only what changed, each changed value whole, and null for what had no value', () => {
    const before = {
      attributes: { title: 'old', plan: { entries: [1] }, publicData: { address: { street: '222' }, same: 1 }, state: 'draft' },
      relationships: { images: { data: [{ id: 'a' }] } },
    };
    const after = {
      attributes: { title: 'new', plan: { entries: [1, 2] }, publicData: { address: { street: '230' }, same: 1, rules: 'x' }, state: 'draft' },
      relationships: { images: { data: [{ id: 'b' }] } },
    };
    expect(previousValues(before, after)).toEqual({
      attributes: { title: 'old', plan: { entries: [1] }, publicData: { address: { street: '222' }, rules: null } },
      relationships: { images: { data: [{ id: 'a' }] } },
    });
  });

  it('diffs a user profile per key and its extended data per top-level key', () => {
    const before = { attributes: { profile: { firstName: 'A', bio: null, privateData: { liked: [1] } } } };
    const after = { attributes: { profile: { firstName: 'B', bio: 'x', privateData: { liked: [1, 2] } } } };
    expect(previousValues(before, after)).toEqual({ attributes: { profile: { firstName: 'A', bio: null, privateData: { liked: [1] } } } });
  });

  it('is empty when nothing changed', () => {
    expect(previousValues({ attributes: { d: new Date(5) } }, { attributes: { d: new Date(5) } })).toEqual({});
  });
});

describe('mergeExtendedData', () => {
  it('merges top-level keys, removes null keys, replaces nested values whole', () => {
    expect(mergeExtendedData({ a: 1, b: { x: 1, y: 2 }, c: 3 }, { b: { x: 9 }, c: null, d: 4 })).toEqual({ a: 1, b: { x: 9 }, d: 4 });
  });
});
