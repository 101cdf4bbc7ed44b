import { CommandBus } from '@nestjs/cqrs';
import { CreatedMarketplace } from '../src/marketplaces/commands/create-marketplace.handler';
import { operatorContext } from '../src/shared/command-context';
import { SetSearchSchemaCommand } from '../src/search-schemas/commands/search-schema.handlers';
import type { SearchSchema } from '../src/search-schemas/domain/search-schema';
import { listingDecider } from '../src/listings/domain/listing.decider';
import { listingStream } from '../src/listings/listing-streams';
import { streams } from '../src/event-store/stream-names';
import { rebuildReadModels } from '../projections/projection-engine';
import { ALL_PROJECTIONS } from '../projections/registry';
import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

const PASSWORD = 'secret-password';
const { UUID, LatLng, LatLngBounds } = sharetribeSdk.types;
const IN = integrationSdk.types;

interface Seed {
  title: string;
  description?: string;
  price?: number;
  at?: [number, number];
  publicData?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  state?: 'published' | 'pendingApproval';
  author?: number;
}

/** Listing queries of both APIs through the official SDKs: every parameter, bad input, schemas set later, pagination limits. */
describe('listing queries through the official SDKs', () => {
  let server: TestServer;
  let m: CreatedMarketplace;
  const authors: Array<{ id: string; client: any }> = [];
  const names = new Map<string, string>();
  const ids = new Map<string, { uuid: string }>();
  const mpId = (title: string) => new UUID(ids.get(title)!.uuid);

  const anonymous = () => marketplaceSdk(server.baseUrl, m);
  const integ = () => integrationSdkFor(server.baseUrl, m);
  const setSchema = (schema: Omit<SearchSchema, 'schemaFor'>) =>
    server.app.get(CommandBus).execute(new SetSearchSchemaCommand(operatorContext(m.marketplaceId, new Date()), { schemaFor: 'listing', ...schema }));
  const titles = (res: any) => res.data.data.map((l: any) => names.get(l.id.uuid) ?? l.attributes?.title);
  const publicTitles = async (params: Record<string, unknown>) => titles(await anonymous().listings.query(params));
  const integTitles = async (params: Record<string, unknown>) => titles(await integ().listings.query(params));
  const failure = async (p: Promise<unknown>) => {
    const f = await failureOf(p);
    return { status: f.status, code: f.data.errors[0].code, path: f.data.errors[0].source?.path };
  };

  const seed = async (s: Seed) => {
    server.clock.advance(60_000);
    const res = await integ().listings.create({
      title: s.title,
      description: s.description,
      authorId: new IN.UUID(authors[s.author ?? 0].id),
      state: s.state ?? 'published',
      ...(s.price !== undefined ? { price: new IN.Money(s.price, 'EUR') } : {}),
      ...(s.at ? { geolocation: new IN.LatLng(s.at[0], s.at[1]) } : {}),
      publicData: s.publicData ?? {},
      metadata: s.metadata ?? {},
    });
    names.set(res.data.data.id.uuid, s.title);
    ids.set(s.title, res.data.data.id);
  };

  beforeAll(async () => {
    server = await startTestServer();
    m = server.marketplace;
    for (const n of [1, 2]) {
      const client = marketplaceSdk(server.baseUrl, m);
      const created = await client.currentUser.create({ email: `q${n}@example.com`, password: PASSWORD, firstName: 'Q', lastName: `${n}` });
      await client.login({ username: `q${n}@example.com`, password: PASSWORD });
      authors.push({ id: created.data.data.id.uuid, client });
    }
    await setSchema({ scope: 'public', key: 'category', type: 'enum' });
    await setSchema({ scope: 'public', key: 'amenities', type: 'multi-enum' });
    await setSchema({ scope: 'public', key: 'year', type: 'long' });
    await setSchema({ scope: 'public', key: 'notes', type: 'text' });
    await setSchema({ scope: 'metadata', key: 'promoted', type: 'boolean', default: false });
    await setSchema({ scope: 'metadata', key: 'rank', type: 'long', default: 0 });
    const seeds: Seed[] = [
      { title: 'Helsinki road bike', description: 'Light and fast', price: 1500, at: [60.17, 24.94], publicData: { category: 'bikes', amenities: ['helmet', 'lock'], year: 2020 }, metadata: { promoted: true, rank: 3 } },
      { title: 'Tallinn city bike', description: 'Basket included', price: 800, at: [59.44, 24.75], publicData: { category: 'bikes', amenities: ['lock'], year: 2015 }, metadata: { rank: 5 } },
      { title: 'Stockholm kayak', description: 'Two seats, for a bike trip too', price: 3000, at: [59.33, 18.07], publicData: { category: 'boats', year: 2018, notes: 'vintage paddles' } },
      { title: 'Suva surfboard', price: 2000, at: [-18.14, 178.44], publicData: { category: 'boats', amenities: ['wax'] }, author: 1 },
      { title: 'Apia canoe', price: 2500, at: [-13.83, -171.76], publicData: { category: 'boats' }, author: 1 },
      { title: 'Unlocated tools', price: 100, publicData: { category: 'tools', year: 'old' } },
      { title: 'Pending bike', price: 1000, at: [60.2, 24.9], state: 'pendingApproval', publicData: { category: 'bikes' } },
    ];
    for (const s of seeds) await seed(s);
  });
  afterAll(() => server.close());

  it('answers only published listings to the public, newest first, with pagination meta', async () => {
    const res = await anonymous().listings.query({ perPage: 2, page: 2 });
    expect(titles(res)).toEqual(['Suva surfboard', 'Stockholm kayak']);
    expect(res.data.meta).toEqual({ totalItems: 6, totalPages: 3, page: 2, perPage: 2 });
    expect(res.data.data[0].type).toBe('listing');
    expect(await publicTitles({ states: 'pendingApproval' })).not.toContain('Pending bike');
    // listings/search, in the SDK's endpoint list: the same query.
    expect(titles(await anonymous().listings.search({ perPage: 2, page: 2 }))).toEqual(['Suva surfboard', 'Stockholm kayak']);
  });

  it('answers every state on the Integration API, and filters by states, authorId, ids and createdAt', async () => {
    expect(await integTitles({})).toHaveLength(7);
    expect(await integTitles({ states: ['pendingApproval'] })).toEqual(['Pending bike']);
    expect(await integTitles({ authorId: new IN.UUID(authors[1].id) })).toEqual(['Apia canoe', 'Suva surfboard']);
    expect(await publicTitles({ author_id: new UUID(authors[1].id) })).toEqual(['Apia canoe', 'Suva surfboard']);
    expect(await publicTitles({ ids: [mpId('Tallinn city bike'), mpId('Pending bike')] })).toEqual(['Tallinn city bike']);
    const created = (await integ().listings.show({ id: new IN.UUID(ids.get('Stockholm kayak')!.uuid) })).data.data.attributes.createdAt as Date;
    expect(await integTitles({ createdAtStart: created, createdAtEnd: new Date(created.getTime() + 120_000) })).toEqual(['Suva surfboard', 'Stockholm kayak']);
  });

  it('matches keywords in title, description and text attributes, best first; sort overrides relevance', async () => {
    expect(await publicTitles({ keywords: 'bike' })).toEqual(['Tallinn city bike', 'Helsinki road bike', 'Stockholm kayak']);
    expect(await publicTitles({ keywords: 'VINTAGE' })).toEqual(['Stockholm kayak']);
    expect(await publicTitles({ keywords: 'kay' })).toEqual(['Stockholm kayak']);
    expect(await publicTitles({ keywords: 'bike', sort: '-price' })).toEqual(['Tallinn city bike', 'Helsinki road bike', 'Stockholm kayak']);
    expect(await publicTitles({ keywords: 'bike', price: '1000,' })).toEqual(['Helsinki road bike', 'Stockholm kayak']);
  });

  it('orders by distance from an origin and filters by bounds, also across the antimeridian', async () => {
    expect(await publicTitles({ origin: new LatLng(60.2, 25.0) })).toEqual([
      'Helsinki road bike',
      'Tallinn city bike',
      'Stockholm kayak',
      'Apia canoe',
      'Suva surfboard',
      'Unlocated tools',
    ]);
    expect(await publicTitles({ bounds: new LatLngBounds(new LatLng(61, 26), new LatLng(59, 24)) })).toEqual(['Tallinn city bike', 'Helsinki road bike']);
    expect(await publicTitles({ bounds: new LatLngBounds(new LatLng(-10, -170), new LatLng(-20, 170)) })).toEqual(['Apia canoe', 'Suva surfboard']);
    expect(await publicTitles({ bounds: new LatLngBounds(new LatLng(-10, -170), new LatLng(-20, 170)), origin: new LatLng(-18, 178) })).toEqual(['Suva surfboard', 'Apia canoe']);
  });

  it('filters by price: a value, START,END (end exclusive), START, and ,END', async () => {
    expect(await publicTitles({ price: 1500 })).toEqual(['Helsinki road bike']);
    expect(await publicTitles({ price: '800,2000' })).toEqual(['Tallinn city bike', 'Helsinki road bike']);
    expect(await publicTitles({ price: '2500,' })).toEqual(['Apia canoe', 'Stockholm kayak']);
    expect(await publicTitles({ price: ',800' })).toEqual(['Unlocated tools']);
  });

  it('filters by enums, multi-enums (has_all, has_any), longs, booleans with their default', async () => {
    expect(await publicTitles({ pub_category: 'bikes,tools' })).toEqual(['Unlocated tools', 'Tallinn city bike', 'Helsinki road bike']);
    expect(await publicTitles({ pub_amenities: 'helmet,lock' })).toEqual(['Helsinki road bike']);
    expect(await publicTitles({ pub_amenities: 'has_all:lock' })).toEqual(['Tallinn city bike', 'Helsinki road bike']);
    expect(await publicTitles({ pub_amenities: 'has_any:helmet,wax' })).toEqual(['Suva surfboard', 'Helsinki road bike']);
    expect(await publicTitles({ pub_year: 2018 })).toEqual(['Stockholm kayak']);
    expect(await publicTitles({ pub_year: '2016,' })).toEqual(['Stockholm kayak', 'Helsinki road bike']);
    expect(await publicTitles({ meta_promoted: true })).toEqual(['Helsinki road bike']);
    expect(await integTitles({ meta_promoted: false, states: 'published' })).toHaveLength(5);
  });

  it('sorts by up to three keys: createdAt, price, long attributes (missing last, or their default)', async () => {
    expect(await publicTitles({ sort: 'price' })).toEqual(['Stockholm kayak', 'Apia canoe', 'Suva surfboard', 'Helsinki road bike', 'Tallinn city bike', 'Unlocated tools']);
    expect(await publicTitles({ sort: '-createdAt' })).toEqual(['Helsinki road bike', 'Tallinn city bike', 'Stockholm kayak', 'Suva surfboard', 'Apia canoe', 'Unlocated tools']);
    expect(await publicTitles({ sort: 'pub_year,-price' })).toEqual(['Helsinki road bike', 'Stockholm kayak', 'Tallinn city bike', 'Unlocated tools', 'Suva surfboard', 'Apia canoe']);
    // `-` is ascending: rank 0 (the default) first, those by price descending.
    expect(await publicTitles({ sort: '-meta_rank,price,createdAt' })).toEqual(['Stockholm kayak', 'Apia canoe', 'Suva surfboard', 'Unlocated tools', 'Helsinki road bike', 'Tallinn city bike']);
  });

  it('takes the template stock parameters: match-undefined keeps listings without stock, strict needs stock', async () => {
    expect(await publicTitles({ minStock: 1, stockMode: 'match-undefined' })).toHaveLength(6);
    expect(await publicTitles({ minStock: 1 })).toEqual([]);
  });

  it('applies a schema set after the listings exist', async () => {
    expect(await failure(anonymous().listings.query({ pub_grade: 'new' }))).toEqual({ status: 400, code: 'validation-invalid-params', path: ['pub_grade'] });
    await integ().listings.update({ id: new IN.UUID(ids.get('Suva surfboard')!.uuid), publicData: { grade: 'new', remarks: 'great waves' } });
    await setSchema({ scope: 'public', key: 'grade', type: 'enum' });
    await setSchema({ scope: 'public', key: 'remarks', type: 'text' });
    expect(await publicTitles({ pub_grade: 'new' })).toEqual(['Suva surfboard']);
    expect(await publicTitles({ keywords: 'waves' })).toEqual(['Suva surfboard']);
  });

  it('rejects bad parameters and impossible combinations with 400 and source.path', async () => {
    const mp = anonymous().listings;
    const cases: Array<[() => Promise<unknown>, string, string]> = [
      [() => mp.query({ keywords: 'bike', origin: new LatLng(60, 24) }), 'validation-invalid-params', 'origin'],
      [() => mp.query({ origin: new LatLng(60, 24), sort: 'price' }), 'validation-invalid-params', 'origin'],
      [() => mp.query({ pub_unknown: 'x' }), 'validation-invalid-params', 'pub_unknown'],
      [() => mp.query({ pub_notes: 'x' }), 'validation-invalid-params', 'pub_notes'],
      [() => mp.query({ pub_year: 'abc' }), 'validation-invalid-value', 'pub_year'],
      [() => mp.query({ meta_promoted: 'yes' }), 'validation-invalid-value', 'meta_promoted'],
      [() => mp.query({ price: 'cheap' }), 'validation-invalid-value', 'price'],
      [() => mp.query({ price: ',' }), 'validation-invalid-value', 'price'],
      [() => mp.query({ origin: '95,10' }), 'validation-invalid-value', 'origin'],
      [() => mp.query({ bounds: '1,2,3' }), 'validation-invalid-value', 'bounds'],
      [() => mp.query({ bounds: '10,20,30,10' }), 'validation-invalid-value', 'bounds'],
      [() => mp.query({ sort: 'pub_category' }), 'validation-invalid-value', 'sort'],
      [() => mp.query({ sort: 'price,createdAt,pub_year,meta_rank' }), 'validation-invalid-value', 'sort'],
      [() => mp.query({ ids: Array.from({ length: 101 }, () => '00000000-0000-4000-8000-000000000000').join(',') }), 'validation-invalid-value', 'ids'],
      [() => mp.query({ ids: 'nope' }), 'validation-invalid-value', 'ids'],
      [() => mp.query({ createdAtStart: 'yesterday' }), 'validation-invalid-value', 'createdAtStart'],
      [() => mp.query({ perPage: 101 }), 'validation-invalid-value', 'perPage'],
      [() => mp.query({ stockMode: 'loose', minStock: 1 }), 'validation-invalid-value', 'stockMode'],
      [() => integ().listings.query({ states: 'sold' }), 'validation-invalid-value', 'states'],
      [() => integ().listings.query({ authorId: 'x' }), 'validation-invalid-value', 'authorId'],
      [() => integ().listings.query({ foo: 'bar' }), 'validation-disallowed-key', 'foo'],
    ];
    for (const [call, code, param] of cases) expect({ call: call.toString(), ...(await failure(call())) }).toEqual({ call: call.toString(), status: 400, code, path: [param] });
    // The public query ignores parameters it does not know: the Web Template passes its URL parameters through.
    expect(await publicTitles({ utm_source: 'newsletter', ids: [mpId('Apia canoe')] })).toEqual(['Apia canoe']);
  });

  it('answers the same after the read models are dropped and rebuilt from the log', async () => {
    const queries = [{ keywords: 'bike' }, { origin: new LatLng(60.2, 25.0) }, { pub_amenities: 'has_any:helmet,wax', sort: 'price' }, { pub_category: 'bikes' }];
    const before = await Promise.all(queries.map(publicTitles));
    await rebuildReadModels(server.infra.events, server.infra, ALL_PROJECTIONS);
    expect(await Promise.all(queries.map(publicTitles))).toEqual(before);
    expect(before.every((names) => names.length > 0)).toBe(true);
  });

  it('sets paginationLimit past 10,000 matches and refuses pages beyond it', async () => {
    const big = await server.createMarketplace('Big');
    const ctx = operatorContext(big.marketplaceId, server.clock.now());
    const authorId = '11111111-1111-4111-8111-111111111111';
    const appends = Array.from({ length: 10_001 }, (_, i) => {
      const listingId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      const state = listingDecider.initialState();
      const events = listingDecider.decide({ type: 'create', listingId, marketplaceId: big.marketplaceId, authorId, state: 'published', listing: { title: `Listing ${i}` }, now: ctx.now }, state);
      return { streamId: streams.listing(big.marketplaceId, listingId), expectedRevision: 'no_stream' as const, events: listingStream(big.marketplaceId, listingId).publish(ctx, state, events) };
    });
    for (let i = 0; i < appends.length; i += 1000) await server.infra.events.append(appends.slice(i, i + 1000));
    const bigSdk = marketplaceSdk(server.baseUrl, big);
    const res = await bigSdk.listings.query({ perPage: 100, page: 100 });
    expect(res.data.meta).toEqual({ totalItems: 10_001, totalPages: 101, page: 100, perPage: 100, paginationLimit: 100 });
    expect(res.data.data).toHaveLength(100);
    expect(await failure(bigSdk.listings.query({ perPage: 100, page: 101 }))).toEqual({ status: 400, code: 'validation-invalid-value', path: ['page'] });
    expect((await integrationSdkFor(server.baseUrl, big).listings.query({ perPage: 1, keywords: 'listing' })).data.meta.paginationLimit).toBe(10_000);
  });
});
