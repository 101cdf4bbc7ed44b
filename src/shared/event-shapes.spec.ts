import { givenStored } from '../../test/support/given-when-then';
import { EventShapes, firstShape, NewerShapeError, shapeVersionInText, shapeWith, UpcastTally } from './event-shapes';
import type { EventMetadata } from './log-events';

const metadata = (extra: Partial<EventMetadata> = {}): EventMetadata => ({ marketplaceId: 'mp-1', createdAt: '2026-01-05T09:00:00.000Z', public: false, ...extra });

// A made-up history of one type: v1 had `name`, v2 split it, v3 renamed `first` to `given`.
const splitName = { why: 'v2 splits the name', data: (d: { name: string }) => ({ first: d.name.split(' ')[0], last: d.name.split(' ')[1] }) };
const renameFirst = { why: 'v3 says given name', data: ({ first, ...rest }: { first: string; last: string }) => ({ given: first, ...rest }) };
const shapes = new EventShapes([{ 'thing/named': shapeWith(splitName, renameFirst), 'thing/other': firstShape }, { 'family/*': shapeWith({ why: 'v2 tags the view', metadata: (m) => ({ ...m, resource: { tagged: true } }) }) }]);

describe('event shapes', () => {
  it('given a version 1 event (no shape version), when read, then every step runs in order up to the current version', () =>
    givenStored({ type: 'thing/named', data: { name: 'Ada Lovelace' }, metadata: metadata() }).whenRead(shapes).then({ data: { given: 'Ada', last: 'Lovelace' }, metadata: { shapeVersion: 3 } }));

  it('given a version 2 event, when read, then only the later steps run', () =>
    givenStored({ type: 'thing/named', data: { first: 'Ada', last: 'Lovelace' }, metadata: metadata({ shapeVersion: 2 }) }).whenRead(shapes).then({ data: { given: 'Ada', last: 'Lovelace' } }));

  it('given an event of a type that never changed, or of no declared type, when read, then it is the stored event itself', () => {
    givenStored({ type: 'thing/other', data: { a: 1 }, metadata: metadata() }).whenRead(shapes).thenAsStored();
    givenStored({ type: 'unknown/thing', data: { a: 1 }, metadata: metadata() }).whenRead(shapes).thenAsStored();
  });

  it('given a family declared as `family/*`, when any of its types is read, then its steps apply', () =>
    givenStored({ type: 'family/anything', data: {}, metadata: metadata() }).whenRead(shapes).then({ metadata: { resource: { tagged: true }, shapeVersion: 2 } }));

  it('given an event of a type never changed here but stamped version 2 by a later release, when its adapter can tell, then it is refused', () => {
    const later = { id: '1', streamId: 's', revision: 0, position: 1, type: 'thing/other', data: {}, metadata: metadata({ shapeVersion: 2 }), storedShapeVersion: 2 };
    expect(() => shapes.current(later)).toThrow(NewerShapeError);
    expect(shapes.current({ ...later, storedShapeVersion: 1, metadata: metadata({ shapeVersion: 1 }) })).toBeDefined();
  });

  it('stamps an appended event with its type’s current version (1 for a type never changed)', () => {
    expect(shapes.stamp({ type: 'thing/named', data: {}, metadata: metadata() }).metadata.shapeVersion).toBe(3);
    expect(shapes.stamp({ type: 'thing/other', data: {}, metadata: metadata() }).metadata.shapeVersion).toBe(1);
  });

  it('refuses a version without an upcaster from each older one, and a type declared twice', () => {
    expect(() => new EventShapes([{ 'a/b': { version: 3, upcasters: { 1: splitName } } }])).toThrow('without an upcaster from version 2');
    expect(() => new EventShapes([{ 'a/b': firstShape }, { 'a/b': firstShape }])).toThrow('declared by two contexts');
  });

  it('counts upcast events by type and stored version', () => {
    const tally = new UpcastTally();
    shapes.current({ id: '1', streamId: 's', revision: 0, position: 1, type: 'thing/named', data: { name: 'A B' }, metadata: metadata() }, tally);
    shapes.current({ id: '2', streamId: 's', revision: 1, position: 2, type: 'thing/named', data: { first: 'A', last: 'B' }, metadata: metadata({ shapeVersion: 2 }) }, tally);
    shapes.current({ id: '3', streamId: 's', revision: 2, position: 3, type: 'thing/named', data: { given: 'A', last: 'B' }, metadata: metadata({ shapeVersion: 3 }) }, tally);
    expect(tally.byType).toEqual({ 'thing/named': { 1: 1, 2: 1 } });
    expect(tally.lines((t) => shapes.versionOf(t))).toEqual(['thing/named: 1 from v1, 1 from v2 (now v3)']);
  });

  it('has a fingerprint that changes when a version does (stored views made from older shapes go stale)', () => {
    expect(new EventShapes([{ 'a/b': firstShape }]).fingerprint()).toBe(0);
    expect(new EventShapes([{ 'a/b': shapeWith(splitName) }]).fingerprint()).not.toBe(new EventShapes([{ 'a/b': shapeWith(splitName, renameFirst) }]).fingerprint());
  });
});

describe('shapeVersionInText', () => {
  it('reads the version the port stamped last, and says nothing when it cannot tell', () => {
    expect(shapeVersionInText('{"marketplaceId":"mp","public":true,"shapeVersion":2}')).toBe(2);
    expect(shapeVersionInText('{"marketplaceId":"mp","public":true}')).toBeUndefined();
    expect(shapeVersionInText('{"resource":{"shapeVersion":3}}')).toBeUndefined();
    expect(shapeVersionInText('{"shapeVersion": 2, "public": true}')).toBeUndefined();
  });
});
