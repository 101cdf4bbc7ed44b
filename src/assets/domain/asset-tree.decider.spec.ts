import { specFor } from '../../../test/support/given-when-then';
import { assetTreeDecider, AssetTreeCommand, manifestOf, versionIdOf } from './asset-tree.decider';
import type { AssetFile, AssetTreeEvent } from './asset-tree.events';

const given = specFor(assetTreeDecider);
const marketplaceId = '22222222-2222-4222-8222-222222222222';
const t1 = new Date('2026-03-01T10:00:00.000Z');
const t2 = new Date('2026-03-02T10:00:00.000Z');

const json = (path: string, text: string): AssetFile => ({ path, kind: 'json', hash: `h-${text}`, json: text, included: [] });
const image = (path: string, hash: string): AssetFile => ({ path, kind: 'image', hash, contentType: 'image/png', width: 10, height: 10 });
const publish = (files: AssetFile[], now = t2): AssetTreeCommand => ({ type: 'publish', marketplaceId, files, now });

const a1 = json('/a.json', '{"a":1}');
const b1 = json('/b.json', '{"b":1}');
const logo = image('/logo.png', 'img-1');
const v1 = versionIdOf(marketplaceId, null, [a1, b1, logo]);
const published1: AssetTreeEvent = {
  type: 'assets/version-published',
  data: { version: v1, number: 1, parent: null, publishedAt: t1.toISOString(), changed: [a1, b1, logo], removed: [] },
};

describe('asset tree decider', () => {
  it('publishes the first tree as version 1 with every file', () =>
    given()
      .when(publish([b1, logo, a1], t1))
      .then([published1]));

  it('publishes only what changed, added or removed, as the next version', () => {
    const a2 = json('/a.json', '{"a":2}');
    const c1 = json('/c.json', '{"c":1}');
    given([published1])
      .when(publish([a2, c1, logo]))
      .then([
        {
          type: 'assets/version-published',
          data: {
            version: versionIdOf(marketplaceId, v1, [a2, c1, logo]),
            number: 2,
            parent: v1,
            publishedAt: t2.toISOString(),
            changed: [a2, c1],
            removed: ['/b.json'],
          },
        },
      ]);
  });

  it('makes no version when nothing changed, whatever the order of the files', () => given([published1]).when(publish([logo, b1, a1])).thenNothing());

  it('refuses an empty tree and a path given twice', () => {
    given([published1]).when(publish([])).thenThrows('bad-request');
    given().when(publish([a1, a1])).thenThrows('bad-request');
  });

  it('a changed kind under the same path is a change', () => {
    const events = given([published1]).when(publish([a1, b1, { ...json('/logo.png', 'x'), hash: 'img-1' }])).events();
    expect(events[0].data.changed.map((f) => f.path)).toEqual(['/logo.png']);
  });

  it('version ids are opaque, differ per marketplace and per parent, and ignore file order', () => {
    expect(v1).toMatch(/^[0-9a-f]{24}$/);
    expect(versionIdOf(marketplaceId, null, [logo, a1, b1])).toBe(v1);
    expect(versionIdOf('33333333-3333-4333-8333-333333333333', null, [a1, b1, logo])).not.toBe(v1);
    expect(versionIdOf(marketplaceId, 'parent', [a1, b1, logo])).not.toBe(v1);
  });

  it('the manifest tells, per path, the version in which its content last changed', () => {
    const a2 = json('/a.json', '{"a":2}');
    const second = given([published1]).when(publish([a2, b1, logo])).events();
    const state = [published1, ...second].reduce(assetTreeDecider.evolve, assetTreeDecider.initialState());
    const manifest = manifestOf(state);
    const v2 = second[0].data.version;
    expect(manifest).toEqual({
      version: v2,
      number: 2,
      publishedAt: t2.toISOString(),
      entries: {
        '/a.json': { kind: 'json', hash: a2.hash, changedIn: v2 },
        '/b.json': { kind: 'json', hash: b1.hash, changedIn: v1 },
        '/logo.png': { kind: 'image', hash: 'img-1', changedIn: v1 },
      },
    });
    expect(Object.keys(manifest.entries)).toEqual(['/a.json', '/b.json', '/logo.png']);
  });
});
