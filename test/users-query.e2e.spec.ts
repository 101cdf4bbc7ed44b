import { CommandBus } from '@nestjs/cqrs';
import { SetSearchSchemaCommand } from '../src/search-schemas/commands/search-schema.handlers';
import type { SearchSchema } from '../src/search-schemas/domain/search-schema';
import { operatorContext } from '../src/shared/command-context';
import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

describe('Integration API users/query', () => {
  let server: TestServer;
  const integ = () => integrationSdkFor(server.baseUrl, server.marketplace);
  const emails = (res: any) => res.data.data.map((u: any) => u.attributes.email);

  beforeAll(async () => {
    server = await startTestServer();
    const schemas: Array<Omit<SearchSchema, 'schemaFor'>> = [
      { scope: 'public', key: 'role', type: 'enum' },
      { scope: 'public', key: 'skills', type: 'multi-enum' },
      { scope: 'metadata', key: 'rank', type: 'long' },
      { scope: 'private', key: 'vip', type: 'boolean', default: false },
      { scope: 'protected', key: 'level', type: 'long', default: 5 },
    ];
    for (const s of schemas)
      await server.app.get(CommandBus).execute(new SetSearchSchemaCommand(operatorContext(server.marketplace.marketplaceId, new Date()), { schemaFor: 'userProfile', ...s }));
    const people: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      ['a@example.com', { publicData: { role: 'seller', skills: ['wood', 'metal'] }, privateData: { vip: true }, protectedData: { level: 1 } }, { rank: 3 }],
      ['b@example.com', { publicData: { role: 'buyer', skills: ['wood'] } }, { rank: 1 }],
      ['c@example.com', { publicData: { role: 'seller', skills: ['glass'] }, protectedData: { level: 9 } }, {}],
      ['d@example.com', {}, { rank: 2 }],
    ];
    for (const [email, data, metadata] of people) {
      server.clock.advance(1000);
      const created = await marketplaceSdk(server.baseUrl, server.marketplace).currentUser.create({ email, password: 'secret-password', firstName: 'A', lastName: 'B', ...data });
      if (Object.keys(metadata).length) await integ().users.updateProfile({ id: new integrationSdk.types.UUID(created.data.data.id.uuid), metadata });
    }
  });
  afterAll(() => server.close());

  /** x-search-schemas/query as plain JSON with the integration client's token. */
  const fetchSchemas = async (schemaFor = 'userProfile') => {
    const { clientId, clientSecret } = server.marketplace.integrationClient;
    const token = await fetch(`${server.baseUrl}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials', scope: 'integ' }) });
    const { access_token } = (await token.json()) as { access_token: string };
    const res = await fetch(`${server.baseUrl}/v1/integration_api/x-search-schemas/query?schemaFor=${schemaFor}`, { headers: { authorization: `Bearer ${access_token}`, accept: 'application/json' } });
    return { status: res.status, data: (await res.json()) as any };
  };

  it('lists users newest first with pagination meta', async () => {
    const res = await integ().users.query({ perPage: 3 });
    expect(emails(res)).toEqual(['d@example.com', 'c@example.com', 'b@example.com']);
    expect(res.data.meta).toEqual({ totalItems: 4, totalPages: 2, page: 1, perPage: 3 });
    expect(emails(await integ().users.query({ perPage: 3, page: 2 }))).toEqual(['a@example.com']);
  });

  it('names the search schemas a client may filter on (x-search-schemas/query)', async () => {
    const answer = await fetchSchemas();
    const keys = answer.data.data.map((s: any) => `${s.attributes.scope}/${s.attributes.key}/${s.attributes.type}`);
    expect(keys).toEqual(['public/role/enum', 'public/skills/multi-enum', 'metadata/rank/long', 'private/vip/boolean', 'protected/level/long']);
    const listing = await fetchSchemas('listing');
    expect(listing.data.data.map((s: any) => `${s.attributes.schemaFor}/${s.attributes.scope}/${s.attributes.key}`)).toContain('listing/public/listingType');
    const bad = await fetchSchemas('nothing');
    expect([bad.status, bad.data.errors[0].source.path]).toEqual([400, ['schemaFor']]);
  });

  it('filters by enum, multi-enum, long ranges, booleans and creation time', async () => {
    expect(emails(await integ().users.query({ pub_role: 'seller' }))).toEqual(['c@example.com', 'a@example.com']);
    expect(emails(await integ().users.query({ pub_skills: 'has_all:wood,metal' }))).toEqual(['a@example.com']);
    expect(emails(await integ().users.query({ pub_skills: 'has_any:glass,metal' }))).toEqual(['c@example.com', 'a@example.com']);
    expect(emails(await integ().users.query({ meta_rank: '2,' }))).toEqual(['d@example.com', 'a@example.com']);
    expect(emails(await integ().users.query({ meta_rank: ',2' }))).toEqual(['b@example.com']);
    expect(emails(await integ().users.query({ priv_vip: true }))).toEqual(['a@example.com']);
    // The schema default: users without the key match false.
    expect(emails(await integ().users.query({ priv_vip: false }))).toEqual(['d@example.com', 'c@example.com', 'b@example.com']);
    const all = (await integ().users.query({})).data.data;
    const start = all[1].attributes.createdAt;
    expect(emails(await integ().users.query({ createdAtStart: start }))).toEqual(['d@example.com', 'c@example.com']);
    expect(emails(await integ().users.query({ createdAtEnd: start }))).toEqual(['b@example.com', 'a@example.com']);
  });

  it('sorts on up to three keys; missing values last unless the schema has a default', async () => {
    expect(emails(await integ().users.query({ sort: 'meta_rank' }))).toEqual(['a@example.com', 'd@example.com', 'b@example.com', 'c@example.com']);
    expect(emails(await integ().users.query({ sort: '-meta_rank' }))).toEqual(['b@example.com', 'd@example.com', 'a@example.com', 'c@example.com']);
    expect(emails(await integ().users.query({ sort: 'prot_level,createdAt' }))).toEqual(['c@example.com', 'd@example.com', 'b@example.com', 'a@example.com']);
  });

  it('answers filters and sorts without a schema, and malformed values, with 400 on the parameter', async () => {
    const error = async (params: Record<string, unknown>) => (await failureOf(integ().users.query(params))).data.errors[0];
    expect(await error({ pub_unknown: 'x' })).toMatchObject({ status: 400, code: 'validation-invalid-value', source: { path: ['pub_unknown'], type: 'query' } });
    expect(await error({ meta_rank: 'abc' })).toMatchObject({ source: { path: ['meta_rank'] } });
    expect(await error({ priv_vip: 'yes' })).toMatchObject({ source: { path: ['priv_vip'] } });
    expect(await error({ sort: 'pub_role' })).toMatchObject({ source: { path: ['sort'] } });
    expect(await error({ sort: 'a,b,c,d' })).toMatchObject({ source: { path: ['sort'] } });
    expect(await error({ createdAtStart: 'soon' })).toMatchObject({ source: { path: ['createdAtStart'] } });
    expect(await error({ perPage: 500 })).toMatchObject({ source: { path: ['perPage'] } });
    expect(await error({ color: 'x' })).toMatchObject({ code: 'validation-disallowed-key' });
  });

  it('never lists another marketplace\'s users', async () => {
    const other = await server.createMarketplace('Other');
    expect((await integrationSdkFor(server.baseUrl, other).users.query({})).data.data).toEqual([]);
  });
});
