import { randomUUID } from 'node:crypto';
import type { ExtendedFilter, ListingSearch, ListingSearchQuery, SearchDocument } from '../src/search/listing-search.port';
import { keywordTokens, wordsOf } from '../src/search/search-text';

export interface ListingSearchFixture {
  search: ListingSearch;
  cleanup: () => Promise<void>;
}

const day = 24 * 3600 * 1000;
const t0 = Date.UTC(2026, 0, 1);

type Seed = Partial<Omit<SearchDocument, 'titleWords' | 'descriptionWords'>> & { name: string; title?: string; description?: string };

/**
 * Behaviour every ListingSearch adapter must have, with the same expected results (ids in order) for each.
 * Listings are named; ids are generated per run. Each test uses its own marketplace(s).
 */
export const listingSearchContract = (name: string, open: () => Promise<ListingSearchFixture>): void => {
  describe(`ListingSearch contract: ${name}`, () => {
    let fixture: ListingSearchFixture;
    let search: ListingSearch;
    beforeAll(async () => {
      fixture = await open();
      search = fixture.search;
    });
    afterAll(() => fixture?.cleanup());

    /** Seeds a marketplace; returns it and a query helper answering names in order. */
    const seed = async (seeds: Seed[]) => {
      const marketplaceId = randomUUID();
      const ids = new Map<string, string>();
      const names = new Map<string, string>();
      const documents = seeds.map((s, i): SearchDocument => {
        const id = randomUUID();
        ids.set(s.name, id);
        names.set(id, s.name);
        const { name: _name, title, description, ...rest } = s;
        return {
          id,
          marketplaceId,
          authorId: 'author-1',
          state: 'published',
          createdAt: t0 + i * day,
          price: null,
          geolocation: null,
          values: {},
          stock: null,
          ...rest,
          titleWords: wordsOf(title ?? s.name),
          descriptionWords: wordsOf(description ?? ''),
        };
      });
      await search.apply(documents.map((document) => ({ op: 'put', document })));
      const query = async (q: Partial<ListingSearchQuery> = {}) => {
        const result = await search.query({ marketplaceId, offset: 0, limit: 100, ...q });
        return { names: result.ids.map((id) => names.get(id) ?? `other:${id}`), total: result.total };
      };
      const names_ = async (q: Partial<ListingSearchQuery> = {}) => (await query(q)).names;
      return { marketplaceId, ids, documents, query, names: names_ };
    };
    const kw = (keywords: string, textKeys: string[] = []) => ({ keywords: { tokens: keywordTokens(keywords), textKeys } });

    it('answers every listing of the marketplace, newest first, with the total, and pages', async () => {
      const m = await seed([{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }]);
      expect(await m.query()).toEqual({ names: ['d', 'c', 'b', 'a'], total: 4 });
      expect(await m.query({ offset: 1, limit: 2 })).toEqual({ names: ['c', 'b'], total: 4 });
      expect(await m.query({ offset: 10, limit: 2 })).toEqual({ names: [], total: 4 });
    });

    it('keeps marketplaces apart', async () => {
      const one = await seed([{ name: 'bike' }]);
      const two = await seed([{ name: 'bike' }]);
      expect(await one.query(kw('bike'))).toEqual({ names: ['bike'], total: 1 });
      expect(await two.names({ ids: [...one.ids.values()] })).toEqual([]);
      expect((await search.query({ marketplaceId: randomUUID(), offset: 0, limit: 10 })).total).toBe(0);
    });

    it('filters by states, author, ids and createdAt (start inclusive, end exclusive)', async () => {
      const m = await seed([
        { name: 'draft', state: 'draft' },
        { name: 'pending', state: 'pendingApproval' },
        { name: 'published', authorId: 'author-2' },
        { name: 'closed', state: 'closed' },
      ]);
      expect(await m.names({ states: ['published', 'closed'] })).toEqual(['closed', 'published']);
      expect(await m.names({ authorId: 'author-2' })).toEqual(['published']);
      expect(await m.names({ ids: [m.ids.get('draft')!, m.ids.get('closed')!, randomUUID()] })).toEqual(['closed', 'draft']);
      expect(await m.names({ createdAtStart: t0 + day, createdAtEnd: t0 + 3 * day })).toEqual(['published', 'pending']);
    });

    it('filters by price (start inclusive, end exclusive, open ranges) and sorts by price with missing prices last', async () => {
      const m = await seed([{ name: 'cheap', price: 100 }, { name: 'mid', price: 500 }, { name: 'dear', price: 1000 }, { name: 'free' }]);
      expect(await m.names({ price: { gte: 100, lt: 1000 } })).toEqual(['mid', 'cheap']);
      expect(await m.names({ price: { gte: 500 } })).toEqual(['dear', 'mid']);
      expect(await m.names({ price: { lt: 500 } })).toEqual(['cheap']);
      expect(await m.names({ sort: [{ field: 'price', direction: 'desc' }] })).toEqual(['dear', 'mid', 'cheap', 'free']);
      expect(await m.names({ sort: [{ field: 'price', direction: 'asc' }] })).toEqual(['cheap', 'mid', 'dear', 'free']);
      expect(await m.names({ sort: [{ field: 'createdAt', direction: 'asc' }], limit: 2 })).toEqual(['cheap', 'mid']);
    });

    it('filters by bounds, also across the antimeridian', async () => {
      const m = await seed([
        { name: 'helsinki', geolocation: { lat: 60.17, lng: 24.94 } },
        { name: 'tallinn', geolocation: { lat: 59.44, lng: 24.75 } },
        { name: 'fiji', geolocation: { lat: -17.7, lng: 178.0 } },
        { name: 'samoa', geolocation: { lat: -13.8, lng: -172.1 } },
        { name: 'nowhere' },
      ]);
      expect(await m.names({ bounds: { ne: { lat: 61, lng: 26 }, sw: { lat: 60, lng: 24 } } })).toEqual(['helsinki']);
      expect(await m.names({ bounds: { ne: { lat: -10, lng: -170 }, sw: { lat: -20, lng: 170 } } })).toEqual(['samoa', 'fiji']);
    });

    it('orders by distance from an origin, listings without a location last', async () => {
      const m = await seed([
        { name: 'tallinn', geolocation: { lat: 59.44, lng: 24.75 } },
        { name: 'nowhere' },
        { name: 'stockholm', geolocation: { lat: 59.33, lng: 18.07 } },
        { name: 'helsinki', geolocation: { lat: 60.17, lng: 24.94 } },
        { name: 'fiji', geolocation: { lat: -17.7, lng: 178.0 } },
        { name: 'samoa', geolocation: { lat: -13.8, lng: -172.1 } },
      ]);
      expect(await m.query({ origin: { lat: 60.2, lng: 25.0 } })).toEqual({ names: ['helsinki', 'tallinn', 'stockholm', 'samoa', 'fiji', 'nowhere'], total: 6 });
      expect(await m.names({ origin: { lat: -15, lng: -179 }, limit: 2 })).toEqual(['fiji', 'samoa']);
      expect(await m.names({ origin: { lat: 60.2, lng: 25.0 }, offset: 2, limit: 2 })).toEqual(['stockholm', 'samoa']);
      expect(await m.names({ origin: { lat: 60.2, lng: 25.0 }, bounds: { ne: { lat: 61, lng: 26 }, sw: { lat: 59, lng: 18 } } })).toEqual([
        'helsinki',
        'tallinn',
        'stockholm',
      ]);
    });

    it('given 10,050 matches, pages within the first 10,000 (the port\'s stated window) and never fails past it', async () => {
      const m = await seed(Array.from({ length: 10_050 }, (_, i) => ({ name: `l${i}`, values: { pub_x: i % 2 === 0 ? i : `v${i}` } })));
      // Newest first: offset 9,990 is the 10,050 − 9,990 = 60th oldest down; the page is cut at the window.
      expect(await m.query({ offset: 9_990, limit: 20 })).toEqual({ names: Array.from({ length: 10 }, (_, i) => `l${59 - i}`), total: 10_050 });
      expect(await m.query({ offset: 10_000, limit: 100 })).toEqual({ names: [], total: 10_050 });
    });

    describe('extended data', () => {
      const filter = (f: ExtendedFilter) => ({ filters: [f] });
      let m: Awaited<ReturnType<typeof seed>>;
      beforeAll(async () => {
        m = await seed([
          { name: 'red', values: { pub_color: 'red', pub_size: 5, pub_tags: ['a', 'b'], meta_promoted: true } },
          { name: 'blue', values: { pub_color: 'blue', pub_size: 10, pub_tags: ['b', 'c'], meta_promoted: false } },
          { name: 'green', values: { pub_color: 'green', pub_size: '7', pub_tags: 'a' } },
          { name: 'none', values: {} },
        ]);
      });

      it('matches enums (any of), multi-enums (has all / has any), longs (value, ranges) and booleans', async () => {
        expect(await m.names(filter({ type: 'enum', key: 'pub_color', anyOf: ['red', 'green'] }))).toEqual(['green', 'red']);
        expect(await m.names(filter({ type: 'multi-enum', key: 'pub_tags', mode: 'all', values: ['a', 'b'] }))).toEqual(['red']);
        expect(await m.names(filter({ type: 'multi-enum', key: 'pub_tags', mode: 'any', values: ['a', 'c'] }))).toEqual(['blue', 'red']);
        expect(await m.names(filter({ type: 'long', key: 'pub_size', gte: 5, lt: 6 }))).toEqual(['red']);
        expect(await m.names(filter({ type: 'long', key: 'pub_size', gte: 6 }))).toEqual(['blue']);
        expect(await m.names(filter({ type: 'boolean', key: 'meta_promoted', value: false }))).toEqual(['blue']);
        expect(await m.names({ filters: [{ type: 'enum', key: 'pub_color', anyOf: ['red', 'blue'] }, { type: 'long', key: 'pub_size', lt: 10 }] })).toEqual(['red']);
      });

      it('skips values of another type than the schema', async () => {
        expect(await m.names(filter({ type: 'long', key: 'pub_size', gte: 7, lt: 8 }))).toEqual([]);
        expect(await m.names(filter({ type: 'enum', key: 'pub_tags', anyOf: ['a'] }))).toEqual(['green']);
      });

      it('matches listings lacking a value when the default value is asked for', async () => {
        expect(await m.names(filter({ type: 'boolean', key: 'meta_promoted', value: false, default: false }))).toEqual(['none', 'green', 'blue']);
        expect(await m.names(filter({ type: 'enum', key: 'pub_color', anyOf: ['red'], default: 'blue' }))).toEqual(['red']);
        expect(await m.names(filter({ type: 'long', key: 'pub_size', gte: 1, lt: 6, default: 1 }))).toEqual(['none', 'green', 'red']);
      });

      it('sorts by a long value, missing values last unless the schema has a default', async () => {
        expect(await m.names({ sort: [{ field: 'pub_size', direction: 'desc' }] })).toEqual(['blue', 'red', 'none', 'green']);
        expect(await m.names({ sort: [{ field: 'pub_size', direction: 'asc' }] })).toEqual(['red', 'blue', 'none', 'green']);
        expect(await m.names({ sort: [{ field: 'pub_size', direction: 'asc', default: 7 }] })).toEqual(['red', 'none', 'green', 'blue']);
        expect(await m.names({ sort: [{ field: 'pub_size', direction: 'desc', default: 0 }, { field: 'createdAt', direction: 'asc' }] })).toEqual([
          'blue',
          'red',
          'green',
          'none',
        ]);
      });
    });

    describe('keywords', () => {
      let m: Awaited<ReturnType<typeof seed>>;
      beforeAll(async () => {
        m = await seed([
          { name: 'title-exact', title: 'Local bike', description: 'A city bike' },
          { name: 'description-exact', title: 'Bicycle', description: 'Rent my bike in the city' },
          { name: 'ngram', title: 'Bikes for hire', description: 'Many e-bikers' },
          { name: 'attribute', title: 'Something', values: { pub_notes: 'a vintage bike', pub_color: 'bike' } },
          { name: 'accents', title: 'Crème brûlée', description: 'Café' },
          { name: 'unrelated', title: 'Kayak', description: 'Paddle the lake', price: 900 },
        ]);
      });

      it('matches title, description and text attributes, a whole word above n-grams, title above description above attributes', async () => {
        expect(await m.query(kw('bike', ['pub_notes']))).toEqual({ names: ['title-exact', 'description-exact', 'attribute', 'ngram'], total: 4 });
      });

      it('searches only the attributes the query names as text keys', async () => {
        expect(await m.names(kw('vintage'))).toEqual([]);
        expect(await m.names(kw('vintage', ['pub_notes']))).toEqual(['attribute']);
        expect(await m.names(kw('bike', ['pub_color']))).toEqual(['title-exact', 'description-exact', 'attribute', 'ngram']);
      });

      it('matches n-grams of 3+ characters from the start and the end of a word, and any token', async () => {
        expect(await m.names(kw('ayak'))).toEqual(['unrelated']);
        expect(await m.names(kw('kay'))).toEqual(['unrelated']);
        expect(await m.names(kw('aya'))).toEqual([]);
        expect(await m.names(kw('ka'))).toEqual([]);
        // Equal relevance: newest first.
        expect(await m.names(kw('kayak creme'))).toEqual(['unrelated', 'accents']);
      });

      // PostgreSQL keeps no reversed form of a word of 3 letters or fewer (postgres-search-sql.ts lexemesOf): the
      // endings of 4-letter words must still be found, and 3-letter words whole.
      it('matches the 3-letter ending of a 4-letter word, and a 3-letter word whole, in every field', async () => {
        const short = await seed([
          { name: 'lake', title: 'Lake', description: 'Boat', values: { pub_notes: 'calm pond' } },
          { name: 'sun', title: 'Sun hat', description: 'red', values: { pub_notes: 'fog' } },
        ]);
        expect(await short.names(kw('ake'))).toEqual(['lake']);
        expect(await short.names(kw('oat'))).toEqual(['lake']);
        expect(await short.names(kw('ond', ['pub_notes']))).toEqual(['lake']);
        expect(await short.names(kw('sun'))).toEqual(['sun']);
        expect(await short.names(kw('red'))).toEqual(['sun']);
        expect(await short.names(kw('fog', ['pub_notes']))).toEqual(['sun']);
      });

      it('folds case and diacritics', async () => {
        expect(await m.names(kw('CREME Brulee cafe'))).toEqual(['accents']);
      });

      it('combines keywords with filters, and sort overrides relevance', async () => {
        expect(await m.names({ ...kw('bike paddle'), ids: [m.ids.get('ngram')!, m.ids.get('unrelated')!] })).toEqual(['unrelated', 'ngram']);
        expect(await m.names({ ...kw('bike'), sort: [{ field: 'createdAt', direction: 'desc' }] })).toEqual(['ngram', 'description-exact', 'title-exact']);
        expect(await m.query({ ...kw('bike'), offset: 1, limit: 1 })).toEqual({ names: ['description-exact'], total: 3 });
        expect(await m.names({ ...kw('lake'), price: { gte: 1000 } })).toEqual([]);
      });
    });

    it('filters by stock: strict needs stock, match-undefined also takes listings without', async () => {
      const m = await seed([{ name: 'none' }, { name: 'some', stock: 3 }, { name: 'out', stock: 0 }]);
      expect(await m.names({ stock: { minStock: 1, mode: 'strict' } })).toEqual(['some']);
      expect(await m.names({ stock: { minStock: 1, mode: 'match-undefined' } })).toEqual(['some', 'none']);
    });

    it('restricts by availability: plan keys, minus excluded ids, plus included ids; lists the distinct plans', async () => {
      const day = 'd|mon 1;tue 1', time = 't|Europe/Helsinki|mon 09:00-17:00 1', other = 't|Etc/UTC|sun 10:00-12:00 2';
      const m = await seed([
        { name: 'day-a', availabilityPlan: day },
        { name: 'time-a', availabilityPlan: time },
        { name: 'time-b', availabilityPlan: time },
        { name: 'other', availabilityPlan: other },
        { name: 'no-plan' },
      ]);
      expect(new Set(await search.availabilityPlans(m.marketplaceId))).toEqual(new Set([day, time, other, 'd|mon 1;tue 1;wed 1;thu 1;fri 1;sat 1;sun 1']));
      expect(await m.names({ availability: { planKeys: [time], includeIds: [], excludeIds: [] } })).toEqual(['time-b', 'time-a']);
      expect(await m.names({ availability: { planKeys: [time], includeIds: [m.ids.get('other')!], excludeIds: [m.ids.get('time-a')!] } })).toEqual(['other', 'time-b']);
      expect(await m.names({ availability: { planKeys: [], includeIds: [], excludeIds: [] } })).toEqual([]);
      expect((await m.query({ availability: { planKeys: [day, 'd|mon 1;tue 1;wed 1;thu 1;fri 1;sat 1;sun 1'], includeIds: [], excludeIds: [] }, stock: { minStock: 1, mode: 'match-undefined' } })).names).toEqual(['no-plan', 'day-a']);
    });

    it('combines availability with stock filters', async () => {
      const key = 'd|mon 1';
      const m = await seed([
        { name: 'stocked', availabilityPlan: key, stock: 3 },
        { name: 'sold-out', availabilityPlan: key, stock: 0 },
        { name: 'unstocked', availabilityPlan: key },
      ]);
      const availability = { planKeys: [key], includeIds: [], excludeIds: [] };
      expect(await m.names({ availability, stock: { minStock: 1, mode: 'strict' } })).toEqual(['stocked']);
      expect(await m.names({ availability, stock: { minStock: 1, mode: 'match-undefined' } })).toEqual(['unstocked', 'stocked']);
    });

    it('replaces a listing on put and forgets it on delete', async () => {
      const m = await seed([{ name: 'a', values: { pub_color: 'red' } }, { name: 'b' }]);
      const [a] = m.documents;
      await search.apply([{ op: 'put', document: { ...a, titleWords: ['renamed'], values: { pub_color: 'blue' }, state: 'closed' } }]);
      expect(await m.names(kw('renamed'))).toEqual(['a']);
      expect(await m.names({ filters: [{ type: 'enum', key: 'pub_color', anyOf: ['red'] }] })).toEqual([]);
      expect(await m.names({ states: ['closed'] })).toEqual(['a']);
      expect((await m.query({ states: ['published'] })).total).toBe(1);
      await search.apply([{ op: 'delete', marketplaceId: m.marketplaceId, id: a.id }]);
      expect(await m.query()).toEqual({ names: ['b'], total: 1 });
      expect(await m.names(kw('renamed'))).toEqual([]);
    });

    it('answers the nearest of many listings by growing circles, the same as ranking them all', async () => {
      const seeds: Seed[] = Array.from({ length: 60 }, (_, i) => ({
        name: `p${i}`,
        geolocation: { lat: -60 + ((i * 37) % 120), lng: -179 + ((i * 71) % 358) },
        price: i,
      }));
      const m = await seed(seeds);
      const origin = { lat: 10, lng: 175 };
      const all = (await m.names({ origin })).slice(0, 12);
      expect(await m.names({ origin, limit: 5 })).toEqual(all.slice(0, 5));
      expect(await m.names({ origin, offset: 5, limit: 7 })).toEqual(all.slice(5, 12));
      expect((await m.query({ origin, price: { gte: 10 }, limit: 3 })).total).toBe(50);
    });

    it('drops everything on reset', async () => {
      const m = await seed([{ name: 'a' }]);
      await search.reset();
      expect(await m.query()).toEqual({ names: [], total: 0 });
    });
  });
};
