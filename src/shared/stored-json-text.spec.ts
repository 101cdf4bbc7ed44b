import { encodeStored } from './stored-json';
import { storedMemberPresence, storedMemberString, storedMemberText } from './stored-json-text';
import { BigDecimal, LatLng, Money, Uuid } from './values';

const tricky = [
  'plain',
  '',
  '~starts with a tilde',
  '^0',
  '`tick',
  'quote " inside',
  'backslash \\',
  'ends with backslash \\\\',
  '\\"',
  '{"resource": [1, 2]}',
  '"resource":',
  'unicode ☃ 😀 \u0000 \u2028',
  'commas, braces } ] { [',
];

const values: unknown[] = [
  {},
  [],
  { a: 1, b: [true, false, null], c: { d: 'x' } },
  tricky,
  Object.fromEntries(tricky.map((s, i) => [s, i])),
  { id: new Uuid('6f0c3f64-1111-4111-8111-111111111111'), at: new Date(0), price: new Money(1250, 'EUR'), at2: new LatLng(60.1, 24.9), big: new BigDecimal('1.50') },
  [[[{ deep: [{ deeper: tricky }] }]], -0.5, 1e300, 12345678901234],
  { resource: { nested: 'the inner resource key is not the top one' } },
];

describe('storedMemberText', () => {
  it('finds exactly the text encodeStored writes for an object or array member, wherever it sits', () => {
    for (const value of values) {
      for (const before of [{}, { resource_: 1, resourceId: 'r', previousValues: { resource: 'no' } }, Object.fromEntries(tricky.map((s) => [s, s]))]) {
        const parent = encodeStored({ ...before, resource: value, after: { resource: tricky } });
        expect(storedMemberText(parent, 'resource')).toBe(encodeStored(value));
      }
    }
  });

  it('answers null for scalars (written quoted when alone), missing members and anything but an object', () => {
    for (const scalar of ['text', 1, true, null, new Date(0), new Uuid('6f0c3f64-1111-4111-8111-111111111111')])
      expect(storedMemberText(encodeStored({ resource: scalar }), 'resource')).toBeNull();
    expect(storedMemberText(encodeStored({ other: { a: 1 } }), 'resource')).toBeNull();
    expect(storedMemberText(encodeStored([{ resource: {} }]), 'resource')).toBeNull();
    expect(storedMemberText('{"resource":{"unterminated"', 'resource')).toBeNull();
  });
});

describe('storedMemberString', () => {
  const user = (email: unknown) =>
    encodeStored({
      marketplaceId: 'm-1',
      relatedIds: [{ attributes: { email: 'not this one' } }],
      previousValues: { resource: { attributes: { email: 'nor this one' } } },
      resource: { id: new Uuid('6f0c3f64-1111-4111-8111-111111111111'), attributes: { state: 'active', profile: { email: 'deeper' }, email } },
    });

  it('reads a plain string member, or one at a path of members, of the object itself only', () => {
    expect(storedMemberString(user('a@example.com'), 'marketplaceId')).toBe('m-1');
    expect(storedMemberString(user('a@example.com'), 'resource', 'attributes', 'email')).toBe('a@example.com');
    expect(storedMemberString(user(''), 'resource', 'attributes', 'email')).toBe('');
  });

  it('answers null for anything but a plain string: escapes, Transit forms, other values, missing members', () => {
    for (const email of tricky.filter((s) => /["\\\u0000\u2028]|^[~^`]/.test(s))) expect(storedMemberString(user(email), 'resource', 'attributes', 'email')).toBeNull();
    for (const email of [null, 1, { email: 'x' }, new Uuid('6f0c3f64-1111-4111-8111-111111111111')]) expect(storedMemberString(user(email), 'resource', 'attributes', 'email')).toBeNull();
    expect(storedMemberString(user('a@example.com'), 'resource', 'attributes', 'phone')).toBeNull();
    expect(storedMemberString(user('a@example.com'), 'resource', 'id')).toBeNull();
    expect(storedMemberString(encodeStored({ resource: null }), 'resource', 'attributes', 'email')).toBeNull();
    expect(storedMemberString(encodeStored([{ resource: {} }]), 'resource')).toBeNull();
  });
});

describe('storedMemberPresence', () => {
  it('tells whether a stored object has a member, as decoding it would, whatever the values before and after', () => {
    for (const value of values) {
      // Keys that Transit escapes (a leading ~, ^ or `) leave it to decoding: see below.
      const plainKeys = Object.fromEntries(tricky.filter((t) => !/^[~^`]/.test(t)).map((t) => [t, value]));
      for (const others of [{}, { before: value }, { before: value, after: tricky }, plainKeys]) {
        expect(storedMemberPresence(encodeStored({ ...others, files: value }), 'files')).toBe(true);
        expect(storedMemberPresence(encodeStored({ ...others, filesToo: value }), 'files')).toBe(false);
        expect(storedMemberPresence(encodeStored({ ...others, nested: { files: value } }), 'files')).toBe(false);
      }
    }
    expect(storedMemberPresence(encodeStored({}), 'files')).toBe(false);
    expect(storedMemberPresence(encodeStored({ files: null }), 'files')).toBe(true);
  });

  it('answers null when only decoding tells: not an object, or text this walk does not read to its end', () => {
    for (const text of [encodeStored([{ files: 1 }]), encodeStored('files'), encodeStored(new Money(1, 'EUR')), encodeStored({ '~files': 1 }), '{"a":1', '{"a":1}x', '{}x', '{"a"1}']) expect(storedMemberPresence(text, 'files')).toBeNull();
  });
});
