import { randomUUID } from 'node:crypto';
import { DocumentQuery, DocumentStore, FieldValue, ReadModelOp, StoredDocument } from '../src/read-models/document-store.port';
import { Money, Uuid } from '../src/shared/values';

export interface DocumentStoreFixture {
  store: DocumentStore;
  cleanup: () => Promise<void>;
}

/**
 * Filterable values. A field name keeps one type across the whole suite (category: string, rank and price:
 * number, active: boolean, tags: string[], sizes: number[]), as real read models do: Elasticsearch maps a
 * field by its first value.
 */
type Fields = Record<string, FieldValue>;

interface Body {
  name: string;
}

/** The contract's single-valued fields, for a store that keeps indexes on them (ScalarFieldIndex). */
export const CONTRACT_SCALAR_INDEXES = ['category', 'rank', 'price', 'active'].map((field) => ({ collection: 'contract-things', field }));

/**
 * Behaviour every DocumentStore adapter must have. Tests isolate themselves by marketplace id (random), so they
 * share collections; the reset test runs last.
 */
export const documentStoreContract = (name: string, makeStore: () => Promise<DocumentStoreFixture>): void => {
  describe(`DocumentStore contract: ${name}`, () => {
    const collection = 'contract-things';
    let fixture: DocumentStoreFixture;
    let store: DocumentStore;

    beforeAll(async () => {
      fixture = await makeStore();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    const put = (...documents: StoredDocument[]) =>
      store.apply(
        documents.map((document) => ({ op: 'put', collection, document })),
        {},
      );
    const remove = (marketplaceId: string, id: string) => store.apply([{ op: 'delete', collection, marketplaceId, id }], {});
    const names = async (query: Omit<DocumentQuery, 'offset' | 'limit'> & Partial<DocumentQuery>): Promise<string[]> => {
      const result = await store.query<Body>(collection, { offset: 0, limit: 100, ...query });
      return result.items.map((b) => b.name);
    };

    describe('documents by id', () => {
      it('reads back a body with its types', async () => {
        const marketplaceId = randomUUID();
        const body = {
          id: new Uuid(randomUUID()),
          createdAt: new Date('2024-03-04T05:06:07.890Z'),
          price: new Money(990, 'USD'),
          attributes: { title: '~tilde', list: [1, 'a', false, null] },
        };
        await put(doc(marketplaceId, 'a', { body }));

        const read = await store.get<typeof body>(collection, marketplaceId, 'a');
        expect(read).toEqual(body);
        expect(read?.id).toBeInstanceOf(Uuid);
        expect(read?.createdAt).toBeInstanceOf(Date);
        expect(read?.price).toBeInstanceOf(Money);
      });

      it('returns null for an unknown id or another collection', async () => {
        const marketplaceId = randomUUID();
        await put(doc(marketplaceId, 'a'));
        expect(await store.get(collection, marketplaceId, 'b')).toBeNull();
        expect(await store.get('contract-other', marketplaceId, 'a')).toBeNull();
      });

      it('replaces a document that is put again', async () => {
        const marketplaceId = randomUUID();
        await put(doc(marketplaceId, 'a', { body: { name: 'first' } }));
        await put(doc(marketplaceId, 'a', { body: { name: 'second' } }));
        expect(await store.get(collection, marketplaceId, 'a')).toEqual({ name: 'second' });
        expect((await store.query(collection, { marketplaceId, offset: 0, limit: 10 })).total).toBe(1);
      });

      it('deletes documents; deleting a missing one is not an error', async () => {
        const marketplaceId = randomUUID();
        await put(doc(marketplaceId, 'a'), doc(marketplaceId, 'b'));
        await remove(marketplaceId, 'a');
        await remove(marketplaceId, 'never-there');

        expect(await store.get(collection, marketplaceId, 'a')).toBeNull();
        expect(await store.get(collection, marketplaceId, 'b')).not.toBeNull();
        expect(await names({ marketplaceId })).toEqual(['b']);
      });

      it('applies the ops of one call in order', async () => {
        const marketplaceId = randomUUID();
        await store.apply(
          [
            { op: 'put', collection, document: doc(marketplaceId, 'a') },
            { op: 'delete', collection, marketplaceId, id: 'a' },
            { op: 'delete', collection, marketplaceId, id: 'b' },
            { op: 'put', collection, document: doc(marketplaceId, 'b') },
          ],
          {},
        );
        expect(await store.get(collection, marketplaceId, 'a')).toBeNull();
        expect(await store.get(collection, marketplaceId, 'b')).toEqual({ name: 'b' });
      });
    });

    describe('unique keys', () => {
      it('finds a document by any of its keys', async () => {
        const marketplaceId = randomUUID();
        await put(doc(marketplaceId, 'a', { keys: ['email:a@example.com', 'slug:a'] }), doc(marketplaceId, 'b', { keys: ['email:b@example.com'] }));

        expect(await store.getByKey(collection, marketplaceId, 'email:a@example.com')).toEqual({ name: 'a' });
        expect(await store.getByKey(collection, marketplaceId, 'slug:a')).toEqual({ name: 'a' });
        expect(await store.getByKey(collection, marketplaceId, 'email:b@example.com')).toEqual({ name: 'b' });
        expect(await store.getByKey(collection, marketplaceId, 'email:c@example.com')).toBeNull();
        expect(await store.getByKey('contract-other', marketplaceId, 'slug:a')).toBeNull();
      });

      it('hands a key on from a document deleted in the same call, whichever op comes first', async () => {
        for (const deleteFirst of [true, false]) {
          const marketplaceId = randomUUID();
          await put(doc(marketplaceId, 'x', { keys: ['slug:k'] }), doc(marketplaceId, 'z'));
          const ops: ReadModelOp[] = [
            { op: 'delete', collection, marketplaceId, id: 'x' },
            { op: 'put', collection, document: doc(marketplaceId, 'y', { keys: ['slug:k'] }) },
          ];
          await store.apply([...(deleteFirst ? ops : ops.reverse()), { op: 'delete', collection, marketplaceId, id: 'z' }], {});
          expect(await store.getByKey(collection, marketplaceId, 'slug:k')).toEqual({ name: 'y' });
          expect(await names({ marketplaceId })).toEqual(['y']);
        }
      });

      it('drops a key the document no longer has, and every key of a deleted document', async () => {
        const marketplaceId = randomUUID();
        await put(doc(marketplaceId, 'a', { keys: ['email:old@example.com', 'slug:a'] }));
        await put(doc(marketplaceId, 'a', { keys: ['email:new@example.com'] }));

        expect(await store.getByKey(collection, marketplaceId, 'email:old@example.com')).toBeNull();
        expect(await store.getByKey(collection, marketplaceId, 'slug:a')).toBeNull();
        expect(await store.getByKey(collection, marketplaceId, 'email:new@example.com')).toEqual({ name: 'a' });

        await put(doc(marketplaceId, 'a'));
        expect(await store.getByKey(collection, marketplaceId, 'email:new@example.com')).toBeNull();

        await put(doc(marketplaceId, 'b', { keys: ['email:b@example.com'] }));
        await remove(marketplaceId, 'b');
        expect(await store.getByKey(collection, marketplaceId, 'email:b@example.com')).toBeNull();
      });
    });

    describe('tenancy', () => {
      it('never shows a document to another marketplace', async () => {
        const [m1, m2] = [randomUUID(), randomUUID()];
        await put(doc(m1, 'a', { keys: ['email:a@example.com'], fields: { category: 'shared' } }));

        expect(await store.get(collection, m2, 'a')).toBeNull();
        expect(await store.getByKey(collection, m2, 'email:a@example.com')).toBeNull();
        expect(await store.query(collection, { marketplaceId: m2, offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
        expect(
          await store.query(collection, {
            marketplaceId: m2,
            where: [{ field: 'category', op: 'eq', value: 'shared' }],
            offset: 0,
            limit: 10,
          }),
        ).toEqual({ items: [], total: 0 });
      });

      it('keeps documents with the same id in different marketplaces apart', async () => {
        const [m1, m2] = [randomUUID(), randomUUID()];
        await put(doc(m1, 'a', { body: { name: 'one' }, keys: ['k'] }), doc(m2, 'a', { body: { name: 'two' }, keys: ['k'] }));
        await remove(m1, 'a');

        expect(await store.get(collection, m1, 'a')).toBeNull();
        expect(await store.get(collection, m2, 'a')).toEqual({ name: 'two' });
        expect(await store.getByKey(collection, m2, 'k')).toEqual({ name: 'two' });
      });
    });

    describe('query', () => {
      it('sorts by creation time, newest first, by default; the createdAt range is [start, end)', async () => {
        const marketplaceId = randomUUID();
        await put(
          doc(marketplaceId, 'jan', { createdAt: '2024-01-01T00:00:00.000Z' }),
          doc(marketplaceId, 'mar', { createdAt: '2024-03-01T00:00:00.000Z' }),
          doc(marketplaceId, 'feb', { createdAt: '2024-02-01T00:00:00.000Z' }),
          doc(marketplaceId, 'apr', { createdAt: '2024-04-01T00:00:00.000Z' }),
        );

        expect(await names({ marketplaceId })).toEqual(['apr', 'mar', 'feb', 'jan']);
        expect(await names({ marketplaceId, sort: [{ field: 'createdAt', direction: 'asc' }] })).toEqual(['jan', 'feb', 'mar', 'apr']);
        expect(
          await names({ marketplaceId, createdAtStart: '2024-02-01T00:00:00.000Z', createdAtEnd: '2024-04-01T00:00:00.000Z' }),
        ).toEqual(['mar', 'feb']);
        expect(await names({ marketplaceId, createdAtStart: '2024-03-01T00:00:00.000Z' })).toEqual(['apr', 'mar']);
        expect(await names({ marketplaceId, createdAtEnd: '2024-02-01T00:00:00.000Z' })).toEqual(['jan']);
      });

      describe('conditions', () => {
        const marketplaceId = randomUUID();
        const where = (...conditions: NonNullable<DocumentQuery['where']>) =>
          names({ marketplaceId, where: conditions, sort: [{ field: 'createdAt', direction: 'asc' }] });

        beforeAll(async () => {
          const docs: Array<[string, Fields]> = [
            ['a', { category: 'shoes', rank: 1, price: 10, active: true, tags: ['red', 'big'], sizes: [38, 39] }],
            ['b', { category: 'hats', rank: 2, price: 25.5, active: false, tags: ['red'], sizes: [1] }],
            ['c', { category: 'shoes', rank: 3, price: 40, active: true, tags: ['blue', 'big', 'new'], sizes: [40, 41, 42] }],
            ['d', { category: 'bags', price: 100, tags: [] }],
            ['e', {}],
          ];
          await put(...docs.map(([id, fields], i) => doc(marketplaceId, id, { fields, createdAt: `2024-01-0${i + 1}T00:00:00.000Z` })));
        });

        it('eq on strings, numbers and booleans', async () => {
          expect(await where({ field: 'category', op: 'eq', value: 'shoes' })).toEqual(['a', 'c']);
          expect(await where({ field: 'rank', op: 'eq', value: 2 })).toEqual(['b']);
          expect(await where({ field: 'price', op: 'eq', value: 25.5 })).toEqual(['b']);
          expect(await where({ field: 'active', op: 'eq', value: true })).toEqual(['a', 'c']);
          expect(await where({ field: 'active', op: 'eq', value: false })).toEqual(['b']);
          expect(await where({ field: 'category', op: 'eq', value: 'Shoes' })).toEqual([]);
          expect(await where({ field: 'unknown', op: 'eq', value: 'x' })).toEqual([]);
        });

        it('eq on a list field means "has"', async () => {
          expect(await where({ field: 'tags', op: 'eq', value: 'big' })).toEqual(['a', 'c']);
          expect(await where({ field: 'sizes', op: 'eq', value: 41 })).toEqual(['c']);
        });

        it('in: any of the values, on scalar and list fields', async () => {
          expect(await where({ field: 'category', op: 'in', values: ['hats', 'bags'] })).toEqual(['b', 'd']);
          expect(await where({ field: 'rank', op: 'in', values: [1, 3, 7] })).toEqual(['a', 'c']);
          expect(await where({ field: 'tags', op: 'in', values: ['blue', 'red'] })).toEqual(['a', 'b', 'c']);
          expect(await where({ field: 'sizes', op: 'in', values: [1, 38] })).toEqual(['a', 'b']);
          expect(await where({ field: 'tags', op: 'in', values: ['green'] })).toEqual([]);
        });

        it('all: every value, on list fields', async () => {
          expect(await where({ field: 'tags', op: 'all', values: ['red', 'big'] })).toEqual(['a']);
          expect(await where({ field: 'tags', op: 'all', values: ['big'] })).toEqual(['a', 'c']);
          expect(await where({ field: 'sizes', op: 'all', values: [40, 42] })).toEqual(['c']);
          expect(await where({ field: 'tags', op: 'all', values: ['red', 'new'] })).toEqual([]);
        });

        it('includeMissing: documents without the field match too (schema defaults)', async () => {
          expect(await where({ field: 'rank', op: 'eq', value: 2, includeMissing: true })).toEqual(['b', 'd', 'e']);
          expect(await where({ field: 'active', op: 'in', values: [false], includeMissing: true })).toEqual(['b', 'd', 'e']);
          expect(await where({ field: 'rank', op: 'range', gte: 3, includeMissing: true })).toEqual(['c', 'd', 'e']);
        });

        it('range: gte inclusive, lt exclusive, either end open', async () => {
          expect(await where({ field: 'price', op: 'range', gte: 25.5, lt: 100 })).toEqual(['b', 'c']);
          expect(await where({ field: 'price', op: 'range', gte: 40 })).toEqual(['c', 'd']);
          expect(await where({ field: 'price', op: 'range', lt: 40 })).toEqual(['a', 'b']);
          expect(await where({ field: 'rank', op: 'range', gte: 2, lt: 3 })).toEqual(['b']);
          expect(await where({ field: 'category', op: 'range', gte: 'bags', lt: 'shoes' })).toEqual(['b', 'd']);
        });

        it('combines conditions with AND', async () => {
          expect(
            await where(
              { field: 'category', op: 'eq', value: 'shoes' },
              { field: 'tags', op: 'in', values: ['new'] },
              { field: 'price', op: 'range', gte: 0 },
            ),
          ).toEqual(['c']);
          expect(await where({ field: 'active', op: 'eq', value: true }, { field: 'rank', op: 'range', lt: 2 })).toEqual(['a']);
        });

        it('sorts by a field in both directions with documents lacking it last', async () => {
          const sorted = (direction: 'asc' | 'desc') => names({ marketplaceId, sort: [{ field: 'rank', direction }] });

          expect((await sorted('asc')).slice(0, 3)).toEqual(['a', 'b', 'c']);
          // The port leaves the order among documents without the value open.
          expect((await sorted('asc')).slice(3).sort()).toEqual(['d', 'e']);
          expect((await sorted('desc')).slice(0, 3)).toEqual(['c', 'b', 'a']);
          expect((await sorted('desc')).slice(3).sort()).toEqual(['d', 'e']);
        });

        it('sorts documents lacking the field as the `missing` value when given', async () => {
          const withDefault = await names({
            marketplaceId,
            where: [{ field: 'category', op: 'in', values: ['shoes', 'hats', 'bags'] }],
            sort: [{ field: 'rank', direction: 'asc', missing: 2.5 }],
          });
          expect(withDefault).toEqual(['a', 'b', 'd', 'c']);
          const desc = await names({
            marketplaceId,
            where: [{ field: 'category', op: 'in', values: ['shoes', 'hats', 'bags'] }],
            sort: [{ field: 'rank', direction: 'desc', missing: 0 }],
          });
          expect(desc).toEqual(['c', 'b', 'a', 'd']);
        });

        it('sorts by several keys, and by a field no document has without failing', async () => {
          expect(
            await names({
              marketplaceId,
              where: [{ field: 'category', op: 'in', values: ['shoes', 'hats'] }],
              sort: [
                { field: 'category', direction: 'asc' },
                { field: 'price', direction: 'desc' },
              ],
            }),
          ).toEqual(['b', 'c', 'a']);
          expect(
            (await names({ marketplaceId, sort: [{ field: 'never_set', direction: 'asc' }] })).sort(),
          ).toEqual(['a', 'b', 'c', 'd', 'e']);
        });

        it('counts every match in total, whatever the page', async () => {
          const page = (offset: number, limit: number) =>
            store.query<Body>(collection, {
              marketplaceId,
              where: [{ field: 'price', op: 'range', gte: 0 }],
              sort: [{ field: 'price', direction: 'asc' }],
              offset,
              limit,
            });

          const first = await page(0, 2);
          expect(first.items.map((b) => b.name)).toEqual(['a', 'b']);
          expect(first.total).toBe(4);
          const second = await page(2, 2);
          expect(second.items.map((b) => b.name)).toEqual(['c', 'd']);
          expect(second.total).toBe(4);
          expect(await page(4, 2)).toEqual({ items: [], total: 4 });
        });
      });

      it('pages through documents with equal sort keys without repeats or gaps', async () => {
        const marketplaceId = randomUUID();
        const ids = Array.from({ length: 7 }, (_, i) => `doc-${i}`);
        await put(...ids.map((id) => doc(marketplaceId, id, { createdAt: '2024-01-01T00:00:00.000Z', fields: { rank: 1 } })));

        for (const sort of [undefined, [{ field: 'rank', direction: 'asc' as const }]]) {
          const seen: string[] = [];
          for (let offset = 0; offset < ids.length; offset += 3) {
            const result = await store.query<Body>(collection, { marketplaceId, sort, offset, limit: 3 });
            expect(result.total).toBe(7);
            seen.push(...result.items.map((b) => b.name));
          }
          expect(seen.sort()).toEqual(ids);
        }
      });
    });

    describe('extended data of any type, per marketplace (one shared index in production)', () => {
      it('keeps a number and a string under one key in two marketplaces apart: equality, range and sort follow each one\'s own values', async () => {
        const [numbers, sizes] = [randomUUID(), randomUUID()];
        await put(doc(numbers, 'five', { fields: { pub_x: 5 } }), doc(numbers, 'seven', { fields: { pub_x: 7 } }), doc(numbers, 'ten', { fields: { pub_x: 10 } }));
        await put(doc(sizes, 'xl', { fields: { pub_x: 'XL' } }), doc(sizes, 'm', { fields: { pub_x: 'M' } }), doc(sizes, 'mixed', { fields: { pub_x: [1, 'a'] } }));

        expect(await names({ marketplaceId: numbers, where: [{ field: 'pub_x', op: 'eq', value: 5 }] })).toEqual(['five']);
        expect(await names({ marketplaceId: numbers, where: [{ field: 'pub_x', op: 'range', gte: 6, lt: 10 }] })).toEqual(['seven']);
        expect(await names({ marketplaceId: numbers, sort: [{ field: 'pub_x', direction: 'desc' }] })).toEqual(['ten', 'seven', 'five']);
        expect(await names({ marketplaceId: sizes, where: [{ field: 'pub_x', op: 'eq', value: 'XL' }] })).toEqual(['xl']);
        expect(await names({ marketplaceId: sizes, where: [{ field: 'pub_x', op: 'in', values: ['M', 'a'] }] })).toEqual(expect.arrayContaining(['m', 'mixed']));
        // A numeric range or sort sees numbers only: the sizes are text, the mixed list has one number.
        expect(await names({ marketplaceId: sizes, where: [{ field: 'pub_x', op: 'range', gte: 0, lt: 100 }] })).toEqual(['mixed']);
        expect((await names({ marketplaceId: sizes, sort: [{ field: 'pub_x', direction: 'asc' }] }))[0]).toBe('mixed');
        expect(await names({ marketplaceId: sizes, where: [{ field: 'pub_x', op: 'eq', value: 1 }] })).toEqual(['mixed']);
      });

      it('stores a document with 1,200 distinct keys, and another marketplace keeps writing', async () => {
        const [many, other] = [randomUUID(), randomUUID()];
        const fields = Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`pub_k${i}`, i % 3 === 0 ? i : i % 3 === 1 ? `v${i}` : i % 2 === 0]));
        await put(doc(many, 'wide', { fields }));
        await put(doc(other, 'narrow', { fields: { pub_k7: 7 } }));
        expect(await names({ marketplaceId: many, where: [{ field: 'pub_k1198', op: 'eq', value: 'v1198' }] })).toEqual(['wide']);
        expect(await names({ marketplaceId: many, where: [{ field: 'pub_k999', op: 'range', gte: 999, lt: 1000 }] })).toEqual(['wide']);
        expect(await names({ marketplaceId: other, where: [{ field: 'pub_k7', op: 'eq', value: 7 }] })).toEqual(['narrow']);
      });
    });

    describe('deep pages', () => {
      it('given 10,050 matches, reads offset 10,000 (the last 50) like any other page', async () => {
        const marketplaceId = randomUUID();
        const documents = Array.from({ length: 10_050 }, (_, i) =>
          doc(marketplaceId, `d${String(i).padStart(5, '0')}`, { createdAt: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString() }),
        );
        for (let i = 0; i < documents.length; i += 2500) await put(...documents.slice(i, i + 2500));
        const page = await store.query<Body>(collection, { marketplaceId, offset: 10_000, limit: 100 });
        expect(page.total).toBe(10_050);
        // Newest first: the last page holds the 50 oldest.
        expect(page.items.map((b) => b.name)).toEqual(documents.slice(0, 50).map((d) => d.id).reverse());
      });
    });

    describe('versions (the log position of the write)', () => {
      const putAt = (position: number, document: StoredDocument) => store.apply([{ op: 'put', collection, document, position }], {});
      const removeAt = (position: number, marketplaceId: string, id: string) => store.apply([{ op: 'delete', collection, marketplaceId, id, position }], {});

      it('ignores a put older than the stored version; an equal or newer one replaces it', async () => {
        const marketplaceId = randomUUID();
        await putAt(5, doc(marketplaceId, 'a', { body: { name: 'v5' }, keys: ['k5'] }));
        await putAt(3, doc(marketplaceId, 'a', { body: { name: 'v3' }, keys: ['k3'] }));
        expect(await store.get(collection, marketplaceId, 'a')).toEqual({ name: 'v5' });
        expect(await store.getByKey(collection, marketplaceId, 'k3')).toBeNull();
        expect(await store.getByKey(collection, marketplaceId, 'k5')).toEqual({ name: 'v5' });

        await putAt(5, doc(marketplaceId, 'a', { body: { name: 'v5 again' } }));
        expect(await store.get(collection, marketplaceId, 'a')).toEqual({ name: 'v5 again' });
        await putAt(8, doc(marketplaceId, 'a', { body: { name: 'v8' } }));
        expect(await store.get(collection, marketplaceId, 'a')).toEqual({ name: 'v8' });
      });

      it('never brings back a document deleted by a newer write, and ignores an older delete', async () => {
        const marketplaceId = randomUUID();
        await putAt(2, doc(marketplaceId, 'a', { keys: ['ka'], fields: { rank: 1 } }));
        await removeAt(4, marketplaceId, 'a');
        await putAt(3, doc(marketplaceId, 'a', { keys: ['ka'], fields: { rank: 1 } }));
        expect(await store.get(collection, marketplaceId, 'a')).toBeNull();
        expect(await store.getByKey(collection, marketplaceId, 'ka')).toBeNull();
        expect(await store.query(collection, { marketplaceId, offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
        expect(await names({ marketplaceId, where: [{ field: 'rank', op: 'eq', value: 1 }] })).toEqual([]);

        // A newer put after the deletion is a new document.
        await putAt(6, doc(marketplaceId, 'a', { body: { name: 'again' } }));
        expect(await store.get(collection, marketplaceId, 'a')).toEqual({ name: 'again' });
        await removeAt(5, marketplaceId, 'a');
        expect(await store.get(collection, marketplaceId, 'a')).toEqual({ name: 'again' });
        expect(await names({ marketplaceId })).toEqual(['again']);
      });

      it('deletes several documents in one call, each by its own version, with the checkpoints', async () => {
        const marketplaceId = randomUUID();
        const projection = `contract-${randomUUID()}`;
        await putAt(5, doc(marketplaceId, 'a', { keys: ['ka'] }));
        await putAt(2, doc(marketplaceId, 'b', { keys: ['kb'] }));
        await putAt(3, doc(marketplaceId, 'c', { keys: ['kc'] }));
        await store.apply(
          [
            { op: 'delete', collection, marketplaceId, id: 'a', position: 4 },
            { op: 'delete', collection, marketplaceId, id: 'b', position: 6 },
            { op: 'delete', collection, marketplaceId, id: 'b', position: 7 },
            { op: 'delete', collection, marketplaceId, id: 'c', position: 6 },
            { op: 'delete', collection, marketplaceId, id: 'missing', position: 6 },
          ],
          { [projection]: 7 },
        );
        expect(await store.get(collection, marketplaceId, 'a')).toEqual({ name: 'a' });
        expect(await store.getByKey(collection, marketplaceId, 'ka')).toEqual({ name: 'a' });
        for (const id of ['b', 'c']) expect(await store.get(collection, marketplaceId, id)).toBeNull();
        for (const key of ['kb', 'kc']) expect(await store.getByKey(collection, marketplaceId, key)).toBeNull();
        expect(await store.checkpoint(projection)).toBe(7);
        // Each left a tombstone at its position: older puts stay out.
        for (const id of ['b', 'c', 'missing']) await putAt(5, doc(marketplaceId, id));
        expect(await names({ marketplaceId })).toEqual(['a']);
      });

      it('applies a put and a delete of one event (same position) in order', async () => {
        const marketplaceId = randomUUID();
        await store.apply(
          [
            { op: 'put', collection, document: doc(marketplaceId, 'a'), position: 7 },
            { op: 'delete', collection, marketplaceId, id: 'a', position: 7 },
            { op: 'delete', collection, marketplaceId, id: 'b', position: 7 },
            { op: 'put', collection, document: doc(marketplaceId, 'b'), position: 7 },
          ],
          {},
        );
        expect(await store.get(collection, marketplaceId, 'a')).toBeNull();
        expect(await store.get(collection, marketplaceId, 'b')).toEqual({ name: 'b' });
      });
    });

    describe('checkpoints', () => {
      it('never move backwards', async () => {
        const p = `contract-${randomUUID()}`;
        await store.apply([], { [p]: 9 });
        await store.apply([], { [p]: 4 });
        expect(await store.checkpoint(p)).toBe(9);
        await store.apply([], { [p]: 12 });
        expect(await store.checkpoint(p)).toBe(12);
      });

      it('are 0 until recorded, then the last recorded position', async () => {
        const [p1, p2] = [`contract-${randomUUID()}`, `contract-${randomUUID()}`];
        expect(await store.checkpoint(p1)).toBe(0);

        await store.apply([], { [p1]: 5 });
        expect(await store.checkpoint(p1)).toBe(5);

        const marketplaceId = randomUUID();
        await store.apply([{ op: 'put', collection, document: doc(marketplaceId, 'a') }], { [p1]: 9, [p2]: 3 });
        expect(await store.checkpoint(p1)).toBe(9);
        expect(await store.checkpoint(p2)).toBe(3);
        expect(await store.get(collection, marketplaceId, 'a')).toEqual({ name: 'a' });

        await put(doc(marketplaceId, 'b'));
        expect(await store.checkpoint(p1)).toBe(9);
      });
    });

    describe('reset', () => {
      it('drops every document and checkpoint, and the store stays usable', async () => {
        const marketplaceId = randomUUID();
        const projection = `contract-${randomUUID()}`;
        await store.apply(
          [
            { op: 'put', collection, document: doc(marketplaceId, 'a', { keys: ['k'], fields: { rank: 1 } }) },
            { op: 'put', collection: 'contract-other', document: doc(marketplaceId, 'b') },
          ],
          { [projection]: 42 },
        );

        await store.reset();

        expect(await store.get(collection, marketplaceId, 'a')).toBeNull();
        expect(await store.get('contract-other', marketplaceId, 'b')).toBeNull();
        expect(await store.getByKey(collection, marketplaceId, 'k')).toBeNull();
        expect(await store.query(collection, { marketplaceId, offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
        expect(await store.checkpoint(projection)).toBe(0);

        await store.apply([{ op: 'put', collection, document: doc(marketplaceId, 'c', { fields: { rank: 2 } }) }], { [projection]: 1 });
        expect(await names({ marketplaceId, where: [{ field: 'rank', op: 'eq', value: 2 }] })).toEqual(['c']);
        expect(await store.checkpoint(projection)).toBe(1);
      });
    });
  });
};

/** A document whose body is `{ name: id }` unless given. */
const doc = (
  marketplaceId: string,
  id: string,
  { body, keys, fields, createdAt = '2024-01-01T00:00:00.000Z' }: { body?: unknown; keys?: string[]; fields?: Fields; createdAt?: string } = {},
): StoredDocument => ({
  id,
  marketplaceId,
  createdAt,
  body: body ?? { name: id },
  keys,
  fields,
});
