import { CommandBus } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { UpdateMarketplaceCommand } from '../src/marketplaces/commands/update-marketplace.handler';
import type { CreatedMarketplace } from '../src/marketplaces/commands/create-marketplace.handler';
import { FileDirectory } from '../src/files/file-directory';
import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

const { UUID } = sharetribeSdk.types;
const IntegrationUUID = integrationSdk.types.UUID;

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
const elf = (size: number) => Buffer.concat([Buffer.from('\x7fELF', 'latin1'), randomBytes(size - 4)]);

/** A body with no Content-Length (chunked), as a browser stream or axios on Node may send. */
const chunked = (data: Buffer) =>
  new ReadableStream({
    start(controller) {
      for (let at = 0; at < data.length; at += 64 * 1024) controller.enqueue(data.subarray(at, at + 64 * 1024));
      controller.close();
    },
  });

const put = (url: string, body: Buffer | ReadableStream, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'PUT', body, headers, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit);

describe('files: create, upload to the signed URL, verification, download (both SDKs)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  let userCount = 0;
  const userSdk = async (marketplace: CreatedMarketplace = server.marketplace) => {
    const sdk = marketplaceSdk(server.baseUrl, marketplace);
    userCount += 1;
    const email = `filer${userCount}@example.com`;
    const created = await sdk.currentUser.create({ email, password: 'secret-password', firstName: 'Fi', lastName: 'Ler' });
    await sdk.login({ username: email, password: 'secret-password' });
    return { sdk, userId: created.data.data.id.uuid as string };
  };

  /** own_files/create then file_uploads/create: the file id and the upload's attributes. */
  const createWithUpload = async (sdk: any, meta: { name: string; mimeType: string; size: number }) => {
    const created = await sdk.ownFiles.create(meta, { expand: true });
    const fileId = created.data.data.id;
    const upload = await sdk.fileUploads.create({ fileId });
    return { created: created.data.data, fileId, upload: upload.data.data };
  };

  /** What the Web Template does after the PUT: ownFiles.show until the state is final (here: once the reactors ran). */
  const settled = async (sdk: any, fileId: unknown) => {
    await server.idle();
    return (await sdk.ownFiles.show({ id: fileId })).data.data;
  };

  describe('given a logged-in user', () => {
    it('when they create a file, upload it with the SDK helper and ask for a download, then the link gives back the same bytes', async () => {
      const { sdk, userId } = await userSdk();
      const bytes = pdf(200_000);
      const { created, fileId, upload } = await createWithUpload(sdk, { name: 'Offer – 2026 "final".pdf', mimeType: 'application/pdf', size: bytes.length });
      expect(fileId).toBeInstanceOf(UUID);
      expect(created).toMatchObject({ type: 'ownFile', attributes: { name: 'Offer – 2026 "final".pdf', mimeType: 'application/pdf', size: 200_000, state: 'pendingUpload', deleted: false } });
      expect(created.attributes.createdAt).toEqual(server.clock.now());
      expect(upload.type).toBe('fileUpload');
      expect(upload.attributes).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'application/pdf' } });
      expect(upload.attributes.url).toMatch(new RegExp(`^${server.baseUrl}/v1/files/storage/upload/`));
      expect(upload.attributes.expiresAt).toEqual(new Date(server.clock.now().getTime() + 3600_000));

      const { method, url, headers } = upload.attributes;
      const answer = await sharetribeSdk.file.upload({ method, url, headers, file: bytes });
      expect(answer.status).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect((await settled(sdk, fileId)).attributes.state).toBe('available');

      const download = (await sdk.ownFileDownloads.create({ fileId })).data.data;
      expect(download.type).toBe('ownFileDownload');
      expect(download.attributes.expiresAt).toEqual(new Date(server.clock.now().getTime() + 5 * 60_000));
      const res = await fetch(download.attributes.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-length')).toBe('200000');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''Offer%20%E2%80%93%202026%20%22final%22.pdf`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

      // files/show: the owner sees it as `file`; the read model has its owner.
      const shown = (await sdk.files.show({ id: fileId })).data.data;
      expect(shown).toMatchObject({ type: 'file', attributes: { state: 'available', size: 200_000 } });
      const stored = await server.app.get(FileDirectory).find(server.marketplace.marketplaceId, fileId.uuid);
      expect(stored).toMatchObject({ ownerId: userId, state: 'available', deleted: false });

      // Links are single use: the same URL again, and a new upload link, are 409.
      const again = await put(url, bytes, headers);
      expect(again.status).toBe(409);
      expect(((await again.json()) as any).errors[0].code).toBe('file-not-pending-upload');
      expect((await failureOf(sdk.fileUploads.create({ fileId }))).status).toBe(409);
    });

    it('when the upload is chunked and bigger than the 10 MB body limit, then it is streamed and stored', async () => {
      const { sdk } = await userSdk();
      const bytes = pdf(11 * 1024 * 1024 + 5);
      const { fileId, upload } = await createWithUpload(sdk, { name: 'big.pdf', mimeType: 'application/pdf', size: bytes.length });
      const res = await put(upload.attributes.url, chunked(bytes), { 'content-type': 'application/pdf' });
      expect(res.status).toBe(200);
      expect((await settled(sdk, fileId)).attributes.state).toBe('available');
      const download = (await sdk.ownFileDownloads.create({ fileId })).data.data;
      expect(Buffer.from(await (await fetch(download.attributes.url)).arrayBuffer()).equals(bytes)).toBe(true);
    });

    it.each([['application/json', '{"a": 1}'], ['multipart/form-data; boundary=x', '--x--'], ['application/transit+json', '["^ "]'], [null, 'no type at all']])(
      'when the body is sent as %s, then it is stored as raw bytes, never parsed',
      async (contentType, text) => {
        const { sdk } = await userSdk();
        const bytes = Buffer.from(text);
        const { fileId, upload } = await createWithUpload(sdk, { name: 'data', mimeType: contentType ?? 'application/octet-stream', size: bytes.length });
        expect((await put(upload.attributes.url, bytes, contentType ? { 'content-type': contentType } : {})).status).toBe(200);
        expect((await settled(sdk, fileId)).attributes.state).toBe('available');
        const download = (await sdk.ownFileDownloads.create({ fileId })).data.data;
        expect(Buffer.from(await (await fetch(download.attributes.url)).arrayBuffer()).toString()).toBe(text);
      },
    );

    it('when the MIME type is blocked or malformed, then 400 at mimeType (the template shows "file type not supported")', async () => {
      const { sdk } = await userSdk();
      // A control character would be stored and make every download of the file a 500 (issue 24): refused here.
      for (const mimeType of ['application/x-msdownload', 'application/x-sh', 'application/x-apple-diskimage', 'not a type', 'text/plain; x=\u0001', 'text/plain\r\nX-Injected: 1', 'text/plain; x=\u007f']) {
        const failure = await failureOf(sdk.ownFiles.create({ name: 'x', mimeType, size: 10 }));
        expect(failure.status).toBe(400);
        expect(failure.data.errors[0]).toMatchObject({ code: 'validation-invalid-value', source: { path: ['mimeType'] } });
      }
      const tooBig = await failureOf(sdk.ownFiles.create({ name: 'x.bin', mimeType: 'application/octet-stream', size: 1_073_741_825 }));
      expect(tooBig.data.errors[0]).toMatchObject({ code: 'validation-invalid-value', source: { path: ['size'] } });
      const noName = await failureOf(sdk.ownFiles.create({ mimeType: 'text/plain', size: 10 }));
      expect(noName.data.errors[0]).toMatchObject({ code: 'validation-missing-key', source: { path: ['name'] } });
    });

    it('when the body is not the declared size, then 400 and nothing is kept; a right-sized upload still works', async () => {
      const { sdk } = await userSdk();
      const bytes = pdf(5000);
      const { fileId, upload } = await createWithUpload(sdk, { name: 'a.pdf', mimeType: 'application/pdf', size: bytes.length });
      const short = await put(upload.attributes.url, bytes.subarray(0, 4000));
      expect(short.status).toBe(400);
      expect(((await short.json()) as any).errors[0]).toMatchObject({ status: 400, code: 'file-size-mismatch' });
      const long = await put(upload.attributes.url, chunked(Buffer.concat([bytes, bytes])));
      expect(long.status).toBe(400);
      const shortChunked = await put(upload.attributes.url, chunked(bytes.subarray(0, 10)));
      expect(shortChunked.status).toBe(400);
      expect((await settled(sdk, fileId)).attributes.state).toBe('pendingUpload');
      expect((await put(upload.attributes.url, bytes)).status).toBe(200);
      expect((await settled(sdk, fileId)).attributes.state).toBe('available');
    });

    it('when two uploads race on one link, then one is stored and the other is 409, and the stored bytes are whole', async () => {
      const { sdk } = await userSdk();
      const [first, second] = [pdf(300_000), pdf(300_000)];
      const { fileId, upload } = await createWithUpload(sdk, { name: 'race.pdf', mimeType: 'application/pdf', size: first.length });
      const answers = await Promise.all([put(upload.attributes.url, chunked(first)), put(upload.attributes.url, chunked(second))]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect((await settled(sdk, fileId)).attributes.state).toBe('available');
      const download = (await sdk.ownFileDownloads.create({ fileId })).data.data;
      const got = Buffer.from(await (await fetch(download.attributes.url)).arrayBuffer());
      expect(got.equals(answers[0].status === 200 ? first : second)).toBe(true);
    });

    it('when the content is an executable, then verificationFailed and no download link (409)', async () => {
      const { sdk } = await userSdk();
      const bytes = elf(3000);
      const { fileId, upload } = await createWithUpload(sdk, { name: 'notes.txt', mimeType: 'text/plain', size: bytes.length });
      expect((await put(upload.attributes.url, bytes, upload.attributes.headers)).status).toBe(200);
      expect((await settled(sdk, fileId)).attributes.state).toBe('verificationFailed');
      const failure = await failureOf(sdk.ownFileDownloads.create({ fileId }));
      expect(failure.status).toBe(409);
      expect(failure.data.errors[0].code).toBe('file-not-available');
    });

    it('when the file is not uploaded yet, then ownFiles.show says pendingUpload and downloads are 409', async () => {
      const { sdk } = await userSdk();
      const { fileId } = await createWithUpload(sdk, { name: 'later.pdf', mimeType: 'application/pdf', size: 100 });
      expect((await settled(sdk, fileId)).attributes.state).toBe('pendingUpload');
      expect((await failureOf(sdk.ownFileDownloads.create({ fileId }))).status).toBe(409);
    });
  });

  describe('given two users', () => {
    it("when one asks for the other's file, then 404 everywhere", async () => {
      const owner = await userSdk();
      const other = await userSdk();
      const { fileId } = await createWithUpload(owner.sdk, { name: 'mine.pdf', mimeType: 'application/pdf', size: 10 });
      // One call at a time: a call made before the previous one is awaited rejects with no handler yet.
      for (const call of [
        () => other.sdk.ownFiles.show({ id: fileId }),
        () => other.sdk.files.show({ id: fileId }),
        () => other.sdk.fileUploads.create({ fileId }),
        () => other.sdk.ownFileDownloads.create({ fileId }),
      ])
        expect((await failureOf(call())).status).toBe(404);
      expect((await failureOf(owner.sdk.ownFiles.show({ id: new UUID('00000000-0000-4000-8000-000000000000') }))).status).toBe(404);
    });
  });

  describe('given signed links', () => {
    it('when a link is forged or has expired, then 403 in the envelope', async () => {
      const { sdk } = await userSdk();
      const bytes = pdf(100);
      const { fileId, upload } = await createWithUpload(sdk, { name: 'x.pdf', mimeType: 'application/pdf', size: 100 });
      const forged = await put(`${upload.attributes.url}x`, bytes);
      expect(forged.status).toBe(403);
      expect(((await forged.json()) as any).errors[0].code).toBe('forbidden');
      const started = server.clock.now();
      try {
        server.clock.advance(61 * 60_000);
        expect((await put(upload.attributes.url, bytes)).status).toBe(403);
      } finally {
        server.clock.set(started);
      }
      expect((await put(upload.attributes.url, bytes)).status).toBe(200);
      await settled(sdk, fileId);
      const { url } = (await sdk.ownFileDownloads.create({ fileId })).data.data.attributes;
      // A download token is not an upload token, nor the other way round.
      expect((await put(url.replace('/download/', '/upload/'), bytes)).status).toBe(403);
      try {
        server.clock.advance(6 * 60_000);
        expect((await fetch(url)).status).toBe(403);
      } finally {
        server.clock.set(started);
      }
      expect((await fetch(url)).status).toBe(200);
    });

    it('when a browser preflights the PUT from another origin, then PUT and its headers are allowed', async () => {
      const { sdk } = await userSdk();
      const { upload } = await createWithUpload(sdk, { name: 'x.pdf', mimeType: 'application/pdf', size: 10 });
      const res = await fetch(upload.attributes.url, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
      });
      expect(res.status).toBeLessThan(300);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
      expect(res.headers.get('access-control-allow-headers')).toContain('content-type');
      // The data APIs keep their own CORS rules.
      const api = await fetch(`${server.baseUrl}/v1/api/own_files/create`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
      });
      expect(api.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    });
  });

  describe('given a marketplace with file uploads and downloads disabled', () => {
    it('when files are uploaded or downloaded, then 403 forbidden, links already handed out included', async () => {
      const marketplace = await server.createMarketplace('No files');
      const { sdk } = await userSdk(marketplace);
      const bytes = pdf(100);
      const ready = await createWithUpload(sdk, { name: 'a.pdf', mimeType: 'application/pdf', size: 100 });
      await put(ready.upload.attributes.url, bytes);
      await settled(sdk, ready.fileId);
      const download = (await sdk.ownFileDownloads.create({ fileId: ready.fileId })).data.data.attributes.url;
      const pending = await createWithUpload(sdk, { name: 'b.pdf', mimeType: 'application/pdf', size: 100 });
      const set = (disabled: boolean) =>
        server.app.get(CommandBus).execute(new UpdateMarketplaceCommand(marketplace.marketplaceId, { type: 'update', settings: { fileUploadAndDownloadDisabled: disabled } }));
      await set(true);
      try {
        expect((await failureOf(sdk.ownFiles.create({ name: 'c.pdf', mimeType: 'application/pdf', size: 1 }))).status).toBe(403);
        expect((await failureOf(sdk.fileUploads.create({ fileId: pending.fileId }))).status).toBe(403);
        expect((await failureOf(sdk.ownFileDownloads.create({ fileId: ready.fileId }))).data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
        expect((await put(pending.upload.attributes.url, bytes)).status).toBe(403);
        expect((await fetch(download)).status).toBe(403);
        // Reading what exists still works.
        expect((await sdk.ownFiles.show({ id: ready.fileId })).data.data.attributes.state).toBe('available');
      } finally {
        await set(false);
      }
      expect((await put(pending.upload.attributes.url, bytes)).status).toBe(200);
    });
  });

  describe('given the Integration API', () => {
    it("when the operator creates files (for a user or its own), uploads one and queries them, then only this marketplace's files", async () => {
      const { sdk, userId } = await userSdk();
      const integration = integrationSdkFor(server.baseUrl, server.marketplace);
      const bytes = pdf(1000);
      const forUser = (await integration.files.create({ userId: new IntegrationUUID(userId), name: 'for-user.pdf', mimeType: 'application/pdf', size: 1000 }, { expand: true })).data.data;
      expect(forUser).toMatchObject({ type: 'file', attributes: { name: 'for-user.pdf', state: 'pendingUpload' } });
      const own = (await integration.files.create({ name: 'operator.pdf', mimeType: 'application/pdf', size: 1000 })).data.data;
      const upload = (await integration.fileUploads.create({ fileId: forUser.id })).data.data.attributes;
      expect((await sharetribeSdk.file.upload({ ...upload, file: bytes })).status).toBe(200);
      await server.idle();
      // The user owns the operator's file for them.
      expect((await sdk.ownFiles.show({ id: new UUID(forUser.id.uuid) })).data.data.attributes.state).toBe('available');

      // The operator's own file (no owner) is no one's on the Marketplace API, not even an anonymous caller's.
      const anonymous = marketplaceSdk(server.baseUrl, server.marketplace);
      expect((await failureOf(anonymous.files.show({ id: new UUID(own.id.uuid) }))).status).toBe(404);
      expect((await failureOf(sdk.files.show({ id: new UUID(own.id.uuid) }))).status).toBe(404);

      const ofUser = (await integration.files.query({ userId: new IntegrationUUID(userId) })).data;
      expect(ofUser.data.map((f: any) => f.id.uuid)).toEqual([forUser.id.uuid]);
      expect(ofUser.meta).toMatchObject({ totalItems: 1, page: 1 });
      const pendingOnes = (await integration.files.query({ states: 'pendingUpload', perPage: 100 })).data.data.map((f: any) => f.id.uuid);
      expect(pendingOnes).toContain(own.id.uuid);
      expect(pendingOnes).not.toContain(forUser.id.uuid);
      expect((await failureOf(integration.files.query({ states: 'lost' }))).data.errors[0]).toMatchObject({ code: 'validation-invalid-value', source: { path: ['states'] } });

      const unknownUser = await failureOf(integration.files.create({ userId: new IntegrationUUID('00000000-0000-4000-8000-000000000000'), name: 'x', mimeType: 'text/plain', size: 1 }));
      expect(unknownUser.status).toBe(409);
      expect(unknownUser.data.errors[0].code).toBe('user-not-found');

      // Another marketplace sees none of it.
      const other = await server.createMarketplace('Other');
      const otherIntegration = integrationSdkFor(server.baseUrl, other);
      expect((await otherIntegration.files.query({})).data.data).toEqual([]);
      expect((await failureOf(otherIntegration.fileUploads.create({ fileId: own.id }))).status).toBe(404);
      const { sdk: stranger } = await userSdk(other);
      expect((await failureOf(stranger.ownFiles.show({ id: new UUID(forUser.id.uuid) }))).status).toBe(404);
      expect((await failureOf(stranger.ownFileDownloads.create({ fileId: new UUID(forUser.id.uuid) }))).status).toBe(404);
    });

    it('when events are queried, then file events are not among them (internal streams)', async () => {
      const integration = integrationSdkFor(server.baseUrl, server.marketplace);
      const events = (await integration.events.query({})).data.data;
      expect(events.length).toBeGreaterThan(0);
      expect(events.filter((e: any) => String(e.attributes.eventType).startsWith('file/'))).toEqual([]);
    });
  });
});
