import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ImageDirectory } from '../src/images/image-directory';
import { assertImagesUsable, imageStream } from '../src/images/image-streams';
import { IMAGES } from '../src/images/images.projection';
import type { StoredUser } from '../src/users/domain/user.views';
import { USERS } from '../src/users/users.projection';
import { ApiError } from '../src/shared/api-error';
import { Uuid } from '../src/shared/values';
import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

const { UUID } = sharetribeSdk.types;
const { objectQueryString } = sharetribeSdk.util;

/** A photo-like JPEG (a gradient compresses realistically), optionally with an EXIF orientation tag. */
const jpeg = (width: number, height: number, orientation?: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="#336"/></svg>`) }])
    .jpeg({ quality: 80 })
    .withMetadata(orientation ? { orientation } : {})
    .toBuffer();
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();

const sizeOf = async (url: string) => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { width: meta.width, height: meta.height, format: meta.format, contentType: res.headers.get('content-type') };
};

describe('images: upload through both SDKs, variants, signed variant URLs', () => {
  let server: TestServer;
  let photo: Buffer;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer();
    photo = await jpeg(1600, 1200);
    dir = mkdtempSync(join(tmpdir(), 'images-e2e-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  });

  let userCount = 0;
  /** A signed-up, logged-in Marketplace SDK user, with its id. */
  const userSdk = async (marketplace = server.marketplace) => {
    const sdk = marketplaceSdk(server.baseUrl, marketplace);
    userCount += 1;
    const email = `uploader${userCount}@example.com`;
    const created = await sdk.currentUser.create({ email, password: 'secret-password', firstName: 'Ima', lastName: 'Ge' });
    await sdk.login({ username: email, password: 'secret-password' });
    return { sdk, userId: created.data.data.id.uuid as string };
  };
  const integration = () => integrationSdkFor(server.baseUrl, server.marketplace);

  describe('given a logged-in user of the Marketplace API', () => {
    it('when they upload a File with expand=true, then the image has only the default variant, scaled to fit 750x750', async () => {
      const { sdk } = await userSdk();
      const res = await sdk.images.upload({ image: new File([photo], 'pic.jpg', { type: 'image/jpeg' }) }, { expand: true });
      expect(res.status).toBe(200);
      const image = res.data.data;
      expect(image.id).toBeInstanceOf(UUID);
      expect(image.type).toBe('image');
      expect(Object.keys(image.attributes.variants)).toEqual(['default']);
      const variant = image.attributes.variants.default;
      expect(variant).toMatchObject({ name: 'default', width: 750, height: 563 });
      expect(variant.url).toMatch(new RegExp(`^${server.baseUrl}/v1/images/${server.marketplace.marketplaceId}/${image.id.uuid}/scale-750x563\\?sig=`));
      expect(await sizeOf(variant.url)).toMatchObject({ width: 750, height: 563, format: 'jpeg', contentType: 'image/jpeg' });
    });

    it('when they upload without expand, then the answer is the reference only', async () => {
      const { sdk } = await userSdk();
      const res = await sdk.images.upload({ image: new Blob([photo]) });
      expect(res.data.data.type).toBe('image');
      expect(res.data.data.id).toBeInstanceOf(UUID);
      expect(res.data.data.attributes).toBeUndefined();
    });

    it('when they ask for predefined and custom variants, then each comes with its size, and each URL serves exactly that size', async () => {
      const { sdk } = await userSdk();
      const res = await sdk.images.upload(
        { image: new Blob([photo], { type: 'image/jpeg' }) },
        {
          expand: true,
          'fields.image': ['variants.square-small', 'variants.landscape-crop', 'variants.scaled-xlarge', 'variants.facebook', 'variants.my-crop', 'variants.my-width'],
          'imageVariant.my-crop': objectQueryString({ w: 640, h: 480, fit: 'crop' }),
          'imageVariant.my-width': objectQueryString({ w: 400, fit: 'scale' }),
        },
      );
      const variants = res.data.data.attributes.variants;
      expect(Object.keys(variants).sort()).toEqual(['facebook', 'landscape-crop', 'my-crop', 'my-width', 'scaled-xlarge', 'square-small']);
      const expected: Record<string, [number, number]> = {
        'square-small': [240, 240],
        'landscape-crop': [400, 267],
        // scale never enlarges: the 1600x1200 original fits the 2400 box as it is
        'scaled-xlarge': [1600, 1200],
        facebook: [1200, 630],
        'my-crop': [640, 480],
        'my-width': [400, 300],
      };
      for (const [name, [width, height]] of Object.entries(expected)) {
        expect(variants[name]).toMatchObject({ name, width, height });
        expect(await sizeOf(variants[name].url)).toMatchObject({ width, height });
      }
    });

    it('when the upload carries an EXIF orientation, then sizes and variants are of the upright picture', async () => {
      const { sdk } = await userSdk();
      const res = await sdk.images.upload({ image: new File([await jpeg(400, 200, 6)], 'phone.jpg') }, { expand: true });
      expect(res.data.data.attributes.variants.default).toMatchObject({ width: 200, height: 400 });
      expect(await sizeOf(res.data.data.attributes.variants.default.url)).toMatchObject({ width: 200, height: 400 });
    });

    it('when a PNG with transparency is uploaded, then its variants stay PNG', async () => {
      const { sdk } = await userSdk();
      const res = await sdk.images.upload(
        { image: new File([await png(300, 100)], 'logo.png') },
        { expand: true, 'fields.image': ['variants.square-small'] },
      );
      expect(res.data.data.attributes.variants['square-small']).toMatchObject({ width: 240, height: 240 });
      expect(await sizeOf(res.data.data.attributes.variants['square-small'].url)).toMatchObject({ width: 240, height: 240, format: 'png', contentType: 'image/png' });
    });
  });

  describe('given the Integration API', () => {
    it('when it uploads a Buffer (a part without a filename), then the image is created', async () => {
      const res = await integration().images.upload({ image: photo }, { expand: true, 'fields.image': ['variants.scaled-small'] });
      expect(res.status).toBe(200);
      expect(res.data.data.id).toBeInstanceOf(integrationSdk.types.UUID);
      expect(res.data.data.attributes.variants['scaled-small']).toMatchObject({ width: 320, height: 240 });
      const stored = await server.infra.documents.get<{ ownerId: string | null }>(IMAGES, server.marketplace.marketplaceId, res.data.data.id.uuid);
      expect(stored!.ownerId).toBeNull();
    });

    it('when it uploads a file path, then the file is streamed and the image created', async () => {
      const path = join(dir, 'pic.png');
      writeFileSync(path, await png(64, 48));
      const res = await integration().images.upload({ image: path }, { expand: true });
      expect(res.data.data.attributes.variants.default).toMatchObject({ width: 64, height: 48 });
      expect(await sizeOf(res.data.data.attributes.variants.default.url)).toMatchObject({ width: 64, height: 48 });
    });
  });

  describe('given bad input', () => {
    it('when the part is not an image, then 400 image-invalid-content at image, whatever the part claims', async () => {
      const { sdk } = await userSdk();
      const failure = await failureOf(sdk.images.upload({ image: new File(['not an image at all'], 'fake.jpg', { type: 'image/jpeg' }) }));
      expect(failure.status).toBe(400);
      expect(failure.data.errors[0].code).toBe('image-invalid-content');
      expect(failure.data.errors[0].source.path).toEqual(['image']);
    });

    it('when an image is cut short, then 400 image-invalid-content', async () => {
      const failure = await failureOf(integration().images.upload({ image: photo.subarray(0, photo.length / 2) }));
      expect(failure.status).toBe(400);
      expect(failure.data.errors[0].code).toBe('image-invalid-content');
    });

    it('when there is no image part, then 400 validation-missing-key at image', async () => {
      const { sdk } = await userSdk();
      const failure = await failureOf(sdk.images.upload({ picture: new Blob([photo]) }));
      expect(failure.status).toBe(400);
      expect(failure.data.errors[0].code).toBe('validation-missing-key');
      expect(failure.data.errors[0].source.path).toEqual(['image']);
    });

    it('when the image is over 20 MB, then 413 request-upload-over-limit', async () => {
      const failure = await failureOf(integration().images.upload({ image: Buffer.alloc(21 * 1024 * 1024, 1) }));
      expect(failure.status).toBe(413);
      expect(failure.data.errors[0].code).toBe('request-upload-over-limit');
    });

    it('when the body streams over 20 MB without a Content-Length, then 413 request-upload-over-limit', async () => {
      const token = await integrationToken();
      const boundary = 'chunked-boundary';
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"\r\n\r\n`);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(head);
          for (let i = 0; i < 22; i += 1) controller.enqueue(Buffer.alloc(1024 * 1024, 7));
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
        },
      });
      const res = await fetch(`${server.baseUrl}/v1/integration_api/images/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { errors: Array<{ code: string }> }).errors[0].code).toBe('request-upload-over-limit');
    });

    it('when the body is not multipart, then 415 unsupported-content-type', async () => {
      const res = await fetch(`${server.baseUrl}/v1/integration_api/images/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await integrationToken()}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ image: 'x' }),
      });
      expect(res.status).toBe(415);
      expect(((await res.json()) as { errors: Array<{ code: string }> }).errors[0].code).toBe('unsupported-content-type');
    });

    it.each([
      ['multipart/form-data', 'no boundary'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="image"\r\n\r\ncut short'],
    ])('when the multipart body is malformed (%s), then 400 bad-request', async (contentType, body) => {
      const res = await fetch(`${server.baseUrl}/v1/integration_api/images/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await integrationToken()}`, 'content-type': contentType, accept: 'application/json' },
        body,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Array<{ code: string }> }).errors[0].code).toBe('bad-request');
    });

    it('when more than 10 custom variants are asked for, then 400 validation-invalid-value at the eleventh', async () => {
      const params: Record<string, unknown> = { expand: true };
      for (let i = 1; i <= 11; i += 1) params[`imageVariant.v${i}`] = objectQueryString({ w: 100 + i, h: 100, fit: 'crop' });
      const failure = await failureOf(integration().images.upload({ image: photo }, params));
      expect(failure.status).toBe(400);
      expect(failure.data.errors[0].code).toBe('validation-invalid-value');
      expect(failure.data.errors[0].source.path).toEqual(['imageVariant.v11']);
    });

    it.each([
      ['w:4;h:100;fit:crop', 'too small'],
      ['w:3073;fit:scale', 'too large'],
      ['w:100;fit:stretch', 'unknown fit'],
      ['w:100;fit:crop', 'crop without h'],
      ['fit:scale', 'scale without w or h'],
      ['w:100;h:100', 'no fit'],
      ['w:100;h:100;fit:crop;q:80', 'unknown key'],
    ])('when a custom variant is %j (%s), then 400 validation-invalid-value at imageVariant.<name>', async (spec) => {
      const failure = await failureOf(integration().images.upload({ image: photo }, { 'imageVariant.bad': spec, 'fields.image': ['variants.bad'] }));
      expect(failure.status).toBe(400);
      expect(failure.data.errors[0].code).toBe('validation-invalid-value');
      expect(failure.data.errors[0].source.path).toEqual(['imageVariant.bad']);
    });

    it('when an anonymous client uploads, then 403', async () => {
      const failure = await failureOf(marketplaceSdk(server.baseUrl, server.marketplace).images.upload({ image: new Blob([photo]) }));
      expect(failure.data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
    });

    it('when a variant URL is tampered with, then 404', async () => {
      const res = await integration().images.upload({ image: photo }, { expand: true });
      const url = new URL(res.data.data.attributes.variants.default.url);
      const forged = [
        url.href.replace('scale-750x563', 'scale-3000x2250'),
        url.href.replace(/sig=.*/, 'sig=AAAA'),
        url.href.replace(/\?sig=.*/, ''),
        url.href.replace(server.marketplace.marketplaceId, (await server.createMarketplace('Other')).marketplaceId),
      ];
      for (const href of forged) expect((await fetch(href)).status).toBe(404);
    });
  });

  describe('given a variant already served', () => {
    it('when it is fetched again, then it has a long immutable Cache-Control and an ETag, and If-None-Match gives 304', async () => {
      const res = await integration().images.upload({ image: photo }, { expand: true });
      const url = res.data.data.attributes.variants.default.url;
      const first = await fetch(url);
      const etag = first.headers.get('etag');
      expect(first.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
      expect(etag).toMatch(/^".+"$/);
      const again = await fetch(url);
      expect(again.headers.get('etag')).toBe(etag);
      expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
      expect((await fetch(url, { headers: { 'if-none-match': etag! } })).status).toBe(304);
      expect((await fetch(url, { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);
      expect((await fetch(url, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    });
  });

  describe('given images of two marketplaces and two users (tenancy and ownership)', () => {
    it('then only the uploader, or the Integration API of the same marketplace, may use an image', async () => {
      const directory = server.app.get(ImageDirectory);
      const mp = server.marketplace.marketplaceId;
      const owner = await userSdk();
      const other = await userSdk();
      const uploaded = await owner.sdk.images.upload({ image: new Blob([photo]) });
      const imageId = uploaded.data.data.id.uuid;
      const byIntegration = (await integration().images.upload({ image: photo })).data.data.id.uuid;
      const second = await server.createMarketplace('Second marketplace');

      // The rule every decision that attaches images applies, over the image streams it reads.
      const assertUsable = async (marketplaceId: string, userId: string | null, ids: string[], path: string[]) => {
        const states = Object.fromEntries(await Promise.all(ids.map(async (id) => [`image:${id}`, await server.infra.runner.state(imageStream(marketplaceId, id))])));
        assertImagesUsable(states, ids, userId, path);
      };
      await expect(assertUsable(mp, owner.userId, [imageId], ['images'])).resolves.toBeUndefined();
      await expect(assertUsable(mp, null, [imageId, byIntegration], ['images'])).resolves.toBeUndefined();
      const rejections: Array<[string, string | null, string]> = [
        [mp, other.userId, imageId],
        [mp, owner.userId, byIntegration],
        [second.marketplaceId, null, imageId],
        [mp, null, '7f0e2a4c-8a49-4d4c-9a55-5d3a1c2b9e01'],
        [mp, null, 'not-a-uuid'],
      ];
      for (const [marketplaceId, userId, id] of rejections) {
        const error = await assertUsable(marketplaceId, userId, [id], ['profileImageId']).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).items[0]).toMatchObject({ status: 400, code: 'validation-invalid-value', source: { path: ['profileImageId'], type: 'body' } });
      }
      const noVariants = { include: new Map(), fields: new Map(), limits: new Map(), imageVariants: new Map(), expand: false, page: 1, perPage: 100 };
      expect(await directory.resource(second.marketplaceId, imageId, noVariants, 'http://x')).toBeNull();
      expect(await directory.resource(mp, imageId, noVariants, 'http://x')).toMatchObject({ id: imageId, type: 'image' });
    });
  });

  describe('given a user whose stored profile refers to an uploaded image', () => {
    it('then include=profileImage gives the image with the asked variants, for currentUser, user and the Integration API', async () => {
      const { sdk, userId } = await userSdk();
      const imageId = (await sdk.images.upload({ image: new Blob([photo]) })).data.data.id.uuid;
      await setProfileImage(userId, imageId);
      const params = { include: ['profileImage'], 'fields.image': ['variants.square-small', 'variants.square-small2x'] };

      const me = await sdk.currentUser.show(params);
      expect(me.data.data.relationships.profileImage.data.id.uuid).toBe(imageId);
      const [image] = me.data.included;
      expect(image.type).toBe('image');
      expect(image.attributes.variants['square-small']).toMatchObject({ width: 240, height: 240 });
      expect(image.attributes.variants['square-small2x']).toMatchObject({ width: 480, height: 480 });
      expect(image.attributes.variants.default).toBeUndefined();

      const other = await userSdk();
      const shown = await other.sdk.users.show({ id: new UUID(userId), ...params });
      expect(shown.data.included[0].id.uuid).toBe(imageId);

      const viaIntegration = await integration().users.show({ id: new integrationSdk.types.UUID(userId), include: ['profileImage'] });
      expect(Object.keys(viaIntegration.data.included[0].attributes.variants)).toEqual(['default']);
    });

    it('then a user without a profile image has an empty profileImage relationship', async () => {
      const { sdk } = await userSdk();
      const me = await sdk.currentUser.show({ include: ['profileImage'] });
      expect(me.data.data.relationships.profileImage.data).toBeNull();
      expect(me.data.included).toEqual([]);
    });
  });

  /**
   * The profile commands that set `profileImageId` belong to the users context; here the stored user is given
   * the reference directly, as a `user/updated` event's resource would carry it.
   */
  const setProfileImage = async (userId: string, imageId: string) => {
    const mp = server.marketplace.marketplaceId;
    const documents = server.infra.documents;
    const user = (await documents.get<StoredUser>(USERS, mp, userId))!;
    user.relationships.profileImage = { data: { id: new Uuid(imageId), type: 'image' } };
    const attributes = user.attributes as { createdAt: Date };
    await documents.apply(
      [{ op: 'put', collection: USERS, document: { id: userId, marketplaceId: mp, createdAt: attributes.createdAt.toISOString(), body: user } }],
      {},
    );
  };

  const integrationToken = async (): Promise<string> => {
    const res = await fetch(`${server.baseUrl}/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: server.marketplace.integrationClient.clientId,
        client_secret: server.marketplace.integrationClient.clientSecret,
        grant_type: 'client_credentials',
        scope: 'integ',
      }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  };
});
