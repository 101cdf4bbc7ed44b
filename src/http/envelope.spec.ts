import type { AuthContext } from '../auth/auth-context';
import { Uuid } from '../shared/values';
import { parseCommonParams } from './common-params';
import { buildEnvelope, pickFields, RelationshipRegistry } from './envelope';
import type { Resource } from './resource';

const auth = {} as AuthContext;
const listing = (id: string, authorId: string): Resource => ({ id, type: 'listing', attributes: { title: `L${id}`, authorId, price: null } });
const user = (id: string): Resource => ({ id, type: 'user', attributes: { profile: { displayName: `U${id}`, bio: 'b' }, imageId: `i${id}` } });
const image = (id: string): Resource => ({ id, type: 'image', attributes: { variants: {} } });

const registry = new RelationshipRegistry();
registry.register('listing', 'author', async (r) => user(r.attributes.authorId as string));
registry.register('listing', 'images', async (r) => [image(`${r.id}-1`), image(`${r.id}-2`), image(`${r.id}-3`)]);
registry.register('user', 'profileImage', async (r) => image(r.attributes.imageId as string));

const envelope = (query: Record<string, string>, data: Resource | Resource[]) =>
  buildEnvelope(data, { auth, params: parseCommonParams(query, { paginated: true }).common }, registry, { page: 1 }) as Promise<any>;

describe('envelope builder', () => {
  it('includes nested relationships once each and references them from every resource', async () => {
    const env = await envelope({ include: 'author.profileImage,images', 'limit.images': '2' }, [listing('1', 'u'), listing('2', 'u')]);
    expect(env.data[0].relationships.author.data).toEqual({ id: new Uuid('u'), type: expect.objectContaining({ name: 'user' }) });
    expect(env.data[0].relationships.images.data).toHaveLength(2);
    const keys = env.included.map((r: any) => `${r.type.name}/${r.id.uuid}`);
    expect(keys.sort()).toEqual(['image/1-1', 'image/1-2', 'image/2-1', 'image/2-2', 'image/iu', 'user/u']);
    expect(env.included.find((r: any) => r.type.name === 'user').relationships.profileImage.data.id).toEqual(new Uuid('iu'));
  });

  it('applies fields.<type> with nested paths and null for requested attributes without a value', async () => {
    const env = await envelope({ 'fields.listing': 'title,missing', include: 'author', 'fields.user': 'profile.displayName' }, listing('1', 'u'));
    expect(env.data.attributes).toEqual({ title: 'L1', missing: null });
    expect(env.included[0].attributes).toEqual({ profile: { displayName: 'Uu' } });
  });

  it('ignores relationships a type does not have, and leaves out included without include', async () => {
    const env = await envelope({}, listing('1', 'u'));
    expect(env.included).toBeUndefined();
    const withUnknown = await envelope({ include: 'nothing' }, listing('1', 'u'));
    expect(withUnknown.included).toEqual([]);
  });

  it('rejects malformed common parameters with the parameter as source', () => {
    expect(() => parseCommonParams({ perPage: '101' }, { paginated: true })).toThrow(expect.objectContaining({ items: [expect.objectContaining({ source: { path: ['perPage'], type: 'query' } })] }));
    expect(() => parseCommonParams({ 'limit.images': '0' }, {})).toThrow();
    expect(() => parseCommonParams({ page: '2' }, { paginated: false })).not.toThrow();
  });

  it('picks nested paths', () => {
    expect(pickFields({ a: { b: 1, c: 2 }, d: 3 }, ['a.b', 'x.y'])).toEqual({ a: { b: 1 }, x: null });
  });
});
