import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { BlobStore, contentKey } from '../src/blobs/blob-store.port';

export interface BlobStoreFixture {
  store: BlobStore;
  cleanup: () => Promise<void>;
}

/** Behaviour every BlobStore adapter must have. Each test writes under its own random prefix. */
export const blobStoreContract = (name: string, makeStore: () => Promise<BlobStoreFixture>): void => {
  describe(`BlobStore contract: ${name}`, () => {
    let fixture: BlobStoreFixture;
    let store: BlobStore;
    const prefix = () => `contract/${randomUUID()}`;

    beforeAll(async () => {
      fixture = await makeStore();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture?.cleanup();
    });

    it('gives back the bytes and the content type that were put', async () => {
      const key = `${prefix()}/photo.jpg`;
      const data = randomBytes(64 * 1024);
      await store.put(key, data, { contentType: 'image/jpeg' });
      const blob = await store.get(key);
      expect(blob!.data.equals(data)).toBe(true);
      expect(blob!.contentType).toBe('image/jpeg');
      expect(await store.exists(key)).toBe(true);
    });

    it('answers null and false for a key never written', async () => {
      const key = `${prefix()}/missing`;
      expect(await store.get(key)).toBeNull();
      expect(await store.exists(key)).toBe(false);
    });

    it('defaults the content type to application/octet-stream', async () => {
      const key = `${prefix()}/raw`;
      await store.put(key, Buffer.from('bytes'));
      expect((await store.get(key))!.contentType).toBe('application/octet-stream');
    });

    it('stores an empty object', async () => {
      const key = `${prefix()}/empty`;
      await store.put(key, Buffer.alloc(0), { contentType: 'text/plain' });
      const blob = await store.get(key);
      expect(blob!.data.length).toBe(0);
      expect(await store.exists(key)).toBe(true);
    });

    it('replaces an object and its content type on a second put', async () => {
      const key = `${prefix()}/replaced`;
      await store.put(key, Buffer.from('first'), { contentType: 'text/plain' });
      await store.put(key, Buffer.from('second, longer'), { contentType: 'application/json' });
      const blob = await store.get(key);
      expect(blob!.data.toString()).toBe('second, longer');
      expect(blob!.contentType).toBe('application/json');
    });

    it('keeps keys apart: a key and a longer key under it, and objects of other prefixes', async () => {
      const p = prefix();
      await store.put(`${p}/a`, Buffer.from('a'));
      await store.put(`${p}/ab`, Buffer.from('ab'));
      await store.put(`${p}/b/c`, Buffer.from('c'));
      expect((await store.get(`${p}/a`))!.data.toString()).toBe('a');
      expect((await store.get(`${p}/ab`))!.data.toString()).toBe('ab');
      expect((await store.get(`${p}/b/c`))!.data.toString()).toBe('c');
      expect(await store.get(`${prefix()}/a`)).toBeNull();
    });

    it('deletes an object; deleting a missing key is no error', async () => {
      const key = `${prefix()}/deleted`;
      await store.put(key, Buffer.from('x'), { contentType: 'text/plain' });
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
      expect(await store.exists(key)).toBe(false);
      await expect(store.delete(key)).resolves.toBeUndefined();
    });

    it('never shows a reader a partial object, nor the bytes of one write with the type of another, while writers race on one key', async () => {
      const key = `${prefix()}/raced`;
      const versions = [0, 1, 2, 3, 4].map((i) => Buffer.alloc(256 * 1024, i));
      const reads: Array<Promise<unknown>> = [];
      const writes = versions.map((v, i) => store.put(key, v, { contentType: `application/x-version-${i}` }));
      for (let i = 0; i < 10; i += 1) reads.push(store.get(key));
      await Promise.all(writes);
      const whole = (read: { data: Buffer; contentType: string }) =>
        versions.some((v, i) => v.equals(read.data) && read.contentType === `application/x-version-${i}`);
      for (const read of (await Promise.all(reads)) as Array<{ data: Buffer; contentType: string } | null>) {
        if (read !== null) expect(whole(read)).toBe(true);
      }
      expect(whole((await store.get(key))!)).toBe(true);
    });

    it('stores content-addressed keys: the same bytes land on the same key', async () => {
      const p = prefix();
      const data = Buffer.from('same bytes');
      expect(contentKey(p, data)).toBe(contentKey(p, Buffer.from('same bytes')));
      expect(contentKey(p, data)).not.toBe(contentKey(p, Buffer.from('other bytes')));
      await store.put(contentKey(p, data), data);
      expect((await store.get(contentKey(p, data)))!.data.equals(data)).toBe(true);
    });

    describe('streaming (optional members; both adapters have them)', () => {
      const chunked = (data: Buffer, size = 7000) => Readable.from((function* () {
        for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
      })());
      const readAll = async (stream: Readable) => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      };

      it('stores a stream, with or without its size given, and gives it back as a stream with its size and type', async () => {
        expect(store.putStream && store.getStream).toBeDefined();
        const data = randomBytes(300 * 1024 + 17);
        for (const size of [data.length, undefined]) {
          const key = `${prefix()}/streamed`;
          expect(await store.putStream!(key, chunked(data), { contentType: 'application/pdf', size })).toEqual({ size: data.length });
          const read = await store.getStream!(key);
          expect(read).toMatchObject({ size: data.length, contentType: 'application/pdf' });
          expect((await readAll(read!.stream)).equals(data)).toBe(true);
          expect((await store.get(key))!.data.equals(data)).toBe(true);
        }
      });

      it('answers null for a key never written', async () => {
        expect(await store.getStream!(`${prefix()}/missing`)).toBeNull();
      });

      it('stores nothing when the stream fails midway', async () => {
        const key = `${prefix()}/failed`;
        const failing = Readable.from((async function* () {
          yield Buffer.alloc(1024, 1);
          throw new Error('client went away');
        })());
        await expect(store.putStream!(key, failing, { contentType: 'text/plain' })).rejects.toThrow('client went away');
        expect(await store.exists(key)).toBe(false);
      });
    });

    it.each(['', '/absolute', 'a//b', '../escape', 'a/../b', 'a/./b', 'space here', 'trailing/'])('rejects the unsafe key %j', async (key) => {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
      await expect(store.get(key)).rejects.toThrow(/Invalid blob key/);
    });
  });
};
