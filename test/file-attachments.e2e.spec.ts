import { rebuildReadModels } from '../projections/projection-engine';
import { ALL_PROJECTIONS } from '../projections/registry';
import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk, trustedMarketplaceSdk } from './support/sdks';
import { http } from './support/http';
import { startTestServer, TestServer } from './support/test-server';

const { Money, UUID } = sharetribeSdk.types;
const PASSWORD = 'secret-password';
/** The Integration SDK serializes only its own UUID type. */
const asIntegrationId = (id: { uuid: string }) => new integrationSdk.types.UUID(id.uuid);

/**
 * File attachments through the official SDKs (Transit), as the Web Template uses them: a provider's protected
 * listing files revealed to the customer by default-download's confirm-payment, files in messages, downloads
 * through attachments, and what nobody else sees. Files are made through the real flow: ownFiles.create,
 * fileUploads.create, the raw PUT, then the verification reactor.
 */
describe('file attachments, end to end through the SDKs', () => {
  let server: TestServer;
  let users = 0;
  const member = async () => {
    users += 1;
    const email = `files${users}@example.com`;
    const tokenStore = sharetribeSdk.tokenStore.memoryStore();
    const client = marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore });
    const created = await client.currentUser.create({ email, password: PASSWORD, firstName: 'F', lastName: 'A' });
    await client.login({ username: email, password: PASSWORD });
    const trustedTokens = sharetribeSdk.tokenStore.memoryStore();
    trustedTokens.setToken((await trustedMarketplaceSdk(server.baseUrl, server.marketplace, tokenStore).exchangeToken()).data);
    return { client, trusted: marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: trustedTokens }), id: created.data.data.id as { uuid: string } };
  };
  type Member = Awaited<ReturnType<typeof member>>;

  /** ownFiles.create → fileUploads.create → PUT the bytes; available after `server.idle()` (the verification reactor). */
  const upload = async (who: Member, name: string, content: string): Promise<{ uuid: string }> => {
    const bytes = Buffer.from(content);
    const file = await who.client.ownFiles.create({ name, mimeType: 'text/plain', size: bytes.length });
    const fileId = file.data.data.id;
    const { method, url, headers } = (await who.client.fileUploads.create({ fileId })).data.data.attributes;
    const put = await fetch(url, { method, headers, body: bytes });
    expect(put.status).toBe(200);
    return fileId;
  };
  const codeOf = async (p: Promise<unknown>) => {
    const f = await failureOf(p);
    return { status: f.status, code: f.data.errors[0].code, path: f.data.errors[0].source?.path };
  };
  const bytesAt = async (url: string) => (await fetch(url)).text();
  const confirmCard = async (clientSecret: string) =>
    http(server.baseUrl, '/v1/emulator/stripe/payment_intents/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_secret: clientSecret, payment_method: 'pm_card_visa' }) });

  let provider: Member;
  let customer: Member;
  let stranger: Member;
  let listingId: { uuid: string };
  let guide: { uuid: string };
  let map: { uuid: string };
  let transactionId: { uuid: string };

  beforeAll(async () => {
    server = await startTestServer();
    [provider, customer, stranger] = [await member(), await member(), await member()];
    await provider.client.stripeAccount.create({ country: 'US', businessProfileURL: 'https://seller.example', bankAccountToken: 'btok_us_verified' });
    const link = await provider.client.stripeAccountLinks.create({ failureURL: 'http://x/f', successURL: 'http://x/s', type: 'custom_account_verification' });
    await fetch(link.data.data.attributes.url, { redirect: 'manual' });
    guide = await upload(provider, 'guide.txt', 'The guide, chapter one.');
    map = await upload(provider, 'map.txt', 'A map of the valley.');
    await server.idle();
  });
  afterAll(() => server.close());

  it('a listing keeps protected files for its author; the public listing never shows them', async () => {
    const include = ['protectedFileAttachments', 'protectedFileAttachments.file'];
    const created = await provider.client.ownListings.create(
      { title: 'Hiking guide', price: new Money(1500, 'USD'), publicData: { transactionProcessAlias: 'default-download/release-1', unitType: 'item' }, protectedFileAttachments: [{ fileId: guide }] },
      { expand: true, include },
    );
    listingId = created.data.data.id;
    const firstAttachment = created.data.data.relationships.protectedFileAttachments.data[0].id.uuid;
    // The template sends the whole list each time: a kept file keeps its attachment.
    const updated = await provider.client.ownListings.update({ id: listingId, protectedFileAttachments: [{ fileId: guide }, { fileId: map }] }, { expand: true, include });
    const attachments = updated.data.data.relationships.protectedFileAttachments.data;
    expect(attachments).toHaveLength(2);
    expect(attachments[0].id.uuid).toBe(firstAttachment);
    const files = updated.data.included.filter((r: { type: string }) => r.type === 'file').map((f: { attributes: { name: string; state: string } }) => [f.attributes.name, f.attributes.state]);
    expect(files).toEqual([
      ['guide.txt', 'available'],
      ['map.txt', 'available'],
    ]);
    const shown = await provider.client.ownListings.show({ id: listingId, include });
    expect(shown.data.data.relationships.protectedFileAttachments.data).toHaveLength(2);

    const asPublic = await stranger.client.listings.show({ id: listingId, include });
    expect(asPublic.data.data.relationships?.protectedFileAttachments?.data ?? []).toEqual([]);
    expect(asPublic.data.included ?? []).toEqual([]);
    // The author downloads through the listing's attachment; nobody else can.
    const own = await provider.client.fileDownloads.create({ fileAttachmentId: new UUID(firstAttachment) });
    expect(await bytesAt(own.data.data.attributes.url)).toBe('The guide, chapter one.');
    expect(await codeOf(customer.client.fileDownloads.create({ fileAttachmentId: new UUID(firstAttachment) }))).toMatchObject({ status: 404, code: 'not-found' });
    expect(await codeOf(customer.client.files.show({ id: guide }))).toMatchObject({ status: 404 });
  });

  it("confirm-payment reveals the listing's files to the transaction: both parties download them, a stranger gets 404", async () => {
    const lineItems = [{ code: 'line-item/item', unitPrice: new Money(1500, 'USD'), quantity: 1, includeFor: ['customer', 'provider'] }];
    const requested = await customer.trusted.transactions.initiate({ processAlias: 'default-download/release-1', transition: 'transition/request-payment', params: { listingId, lineItems } }, { expand: true });
    transactionId = requested.data.data.id;
    const { stripePaymentIntentClientSecret } = requested.data.data.attributes.protectedData.stripePaymentIntents.default;
    expect((await confirmCard(stripePaymentIntentClientSecret)).body.paymentIntent.status).toBe('requires_capture');
    const include = ['protectedFileAttachments', 'protectedFileAttachments.file'];
    const before = await customer.client.transactions.show({ id: transactionId, include });
    expect(before.data.data.relationships.protectedFileAttachments.data).toEqual([]);
    await customer.client.transactions.transition({ id: transactionId, transition: 'transition/confirm-payment', params: {} });

    const shown = await customer.client.transactions.show({ id: transactionId, include });
    const refs = shown.data.data.relationships.protectedFileAttachments.data;
    expect(refs).toHaveLength(2);
    const attachments = shown.data.included.filter((r: { type: string }) => r.type === 'fileAttachment');
    expect(attachments.map((a: { relationships: { file: { data: { id: { uuid: string } } } } }) => a.relationships.file.data.id.uuid)).toEqual([guide.uuid, map.uuid]);
    const names = shown.data.included.filter((r: { type: string }) => r.type === 'file').map((f: { attributes: { name: string; size: number; deleted: boolean } }) => f.attributes);
    expect(names).toEqual([expect.objectContaining({ name: 'guide.txt', size: 23, deleted: false }), expect.objectContaining({ name: 'map.txt', deleted: false })]);
    // New attachments of the same files: the listing's own stay the author's.
    const listing = await provider.client.ownListings.show({ id: listingId, include: ['protectedFileAttachments'] });
    const listingAttachments = listing.data.data.relationships.protectedFileAttachments.data.map((r: { id: { uuid: string } }) => r.id.uuid);
    expect(refs.map((r: { id: { uuid: string } }) => r.id.uuid)).not.toContain(listingAttachments[0]);

    const download = await customer.client.fileDownloads.create({ fileAttachmentId: refs[1].id });
    expect(download.data.data.type).toBe('fileDownload');
    expect(download.data.data.attributes.expiresAt).toBeInstanceOf(Date);
    expect(await bytesAt(download.data.data.attributes.url)).toBe('A map of the valley.');
    const byFile = await customer.client.fileDownloads.create({ fileId: guide });
    expect(await bytesAt(byFile.data.data.attributes.url)).toBe('The guide, chapter one.');
    expect((await customer.client.files.show({ id: guide })).data.data.attributes.name).toBe('guide.txt');
    const providerDownload = await provider.client.fileDownloads.create({ fileAttachmentId: refs[0].id });
    expect(await bytesAt(providerDownload.data.data.attributes.url)).toBe('The guide, chapter one.');

    expect(await codeOf(stranger.client.fileDownloads.create({ fileAttachmentId: refs[0].id }))).toMatchObject({ status: 404, code: 'not-found' });
    expect(await codeOf(stranger.client.fileDownloads.create({ fileId: guide }))).toMatchObject({ status: 404, code: 'not-found' });
    expect(await codeOf(stranger.client.files.show({ id: guide }))).toMatchObject({ status: 404 });

    // The operator sees every attachment and may download any file.
    const integration = integrationSdkFor(server.baseUrl, server.marketplace);
    const ofTransaction = await integration.fileAttachments.query({ transactionId: asIntegrationId(transactionId), include: ['file'] });
    expect(ofTransaction.data.data.map((a: { id: { uuid: string } }) => a.id.uuid)).toEqual(refs.map((r: { id: { uuid: string } }) => r.id.uuid));
    expect(ofTransaction.data.meta.totalItems).toBe(2);
    const ofFile = await integration.fileAttachments.query({ fileId: asIntegrationId(guide) });
    expect(ofFile.data.meta.totalItems).toBe(2);
    const tx = await integration.transactions.show({ id: asIntegrationId(transactionId), include: ['protectedFileAttachments.file'] });
    expect(tx.data.data.relationships.protectedFileAttachments.data).toHaveLength(2);
    const operatorDownload = await integration.fileDownloads.create({ fileAttachmentId: asIntegrationId(refs[0].id) });
    expect(await bytesAt(operatorDownload.data.data.attributes.url)).toBe('The guide, chapter one.');
  });

  it('a message with two files shows them to the other party, who downloads them', async () => {
    const invoice = await upload(customer, 'invoice.txt', 'Invoice 42');
    const photo = await upload(customer, 'photo.txt', 'not really a photo');
    const sent = await customer.client.messages.send({ transactionId, content: 'Two files for you', publicFileAttachments: [{ fileId: invoice }, { fileId: photo }] }, { expand: true });
    expect(sent.data.data.attributes.content).toBe('Two files for you');
    await server.idle();

    const include = ['sender', 'sender.profileImage', 'publicFileAttachments', 'publicFileAttachments.file'];
    const page = await provider.client.messages.query({ transactionId, include });
    const message = page.data.data.find((m: { id: { uuid: string } }) => m.id.uuid === sent.data.data.id.uuid);
    const refs = message.relationships.publicFileAttachments.data;
    expect(refs).toHaveLength(2);
    const files = page.data.included.filter((r: { type: string }) => r.type === 'file').map((f: { attributes: { name: string; state: string } }) => [f.attributes.name, f.attributes.state]);
    expect(files).toEqual([
      ['invoice.txt', 'available'],
      ['photo.txt', 'available'],
    ]);
    // The template polls one message while its files verify.
    const polled = await customer.client.messages.query({ transactionId, ids: [sent.data.data.id], include: ['publicFileAttachments', 'publicFileAttachments.file'] });
    expect(polled.data.data).toHaveLength(1);
    expect(polled.data.included.filter((r: { type: string }) => r.type === 'fileAttachment').map((a: { attributes: { deleted: boolean } }) => a.attributes.deleted)).toEqual([false, false]);
    const download = await provider.client.fileDownloads.create({ fileAttachmentId: refs[0].id });
    expect(await bytesAt(download.data.data.attributes.url)).toBe('Invoice 42');
    expect(await codeOf(stranger.client.fileDownloads.create({ fileAttachmentId: refs[0].id }))).toMatchObject({ status: 404 });
    const integration = integrationSdkFor(server.baseUrl, server.marketplace);
    const ofMessage = await integration.fileAttachments.query({ messageId: asIntegrationId(sent.data.data.id) });
    expect(ofMessage.data.data.map((a: { attributes: { scope: string } }) => a.attributes.scope)).toEqual(['public', 'public']);
  });

  it('refuses bad, unknown, foreign and too many files at their paths, and stores nothing', async () => {
    const mine = await upload(customer, 'note.txt', 'mine');
    const pending = (await customer.client.ownFiles.create({ name: 'never-uploaded.txt', mimeType: 'text/plain', size: 4 })).data.data.id;
    await server.idle();
    const countBefore = (await customer.client.messages.query({ transactionId })).data.meta.totalItems;
    const send = (publicFileAttachments: unknown[]) => customer.client.messages.send({ transactionId, content: 'bad', publicFileAttachments });
    const unknown = new UUID('00000000-0000-4000-8000-000000000000');
    expect(await codeOf(send([{ fileId: 'not-a-uuid' }]))).toEqual({ status: 400, code: 'validation-invalid-value', path: ['publicFileAttachments', '0', 'fileId'] });
    expect(await codeOf(send([{ fileId: mine }, { fileId: unknown }]))).toEqual({ status: 400, code: 'validation-invalid-value', path: ['publicFileAttachments', '1', 'fileId'] });
    expect(await codeOf(send([{ fileId: mine }, { fileId: guide }]))).toEqual({ status: 400, code: 'validation-invalid-value', path: ['publicFileAttachments', '1', 'fileId'] });
    expect(await codeOf(send([{ fileId: pending }]))).toEqual({ status: 400, code: 'validation-invalid-value', path: ['publicFileAttachments', '0', 'fileId'] });
    expect(await codeOf(send(Array.from({ length: 11 }, () => ({ fileId: mine }))))).toEqual({ status: 400, code: 'validation-invalid-value', path: ['publicFileAttachments'] });
    expect((await customer.client.messages.query({ transactionId })).data.meta.totalItems).toBe(countBefore);
    expect(await codeOf(customer.client.fileDownloads.create({}))).toEqual({ status: 400, code: 'validation-missing-key', path: ['fileAttachmentId'] });
    // An empty list, as the template sends without files, is a plain message.
    await customer.client.messages.send({ transactionId, content: 'no files', publicFileAttachments: [] });

    // Listings: another user's file, at its path; the listing is unchanged.
    expect(await codeOf(provider.client.ownListings.update({ id: listingId, protectedFileAttachments: [{ fileId: guide }, { fileId: mine }] }))).toEqual({
      status: 400,
      code: 'validation-invalid-value',
      path: ['protectedFileAttachments', '1', 'fileId'],
    });
    expect(await codeOf(provider.client.ownListings.create({ title: 'Bad', protectedFileAttachments: [{ fileId: unknown }] }))).toMatchObject({ status: 400, path: ['protectedFileAttachments', '0', 'fileId'] });
    const listing = await provider.client.ownListings.show({ id: listingId, include: ['protectedFileAttachments'] });
    expect(listing.data.data.relationships.protectedFileAttachments.data).toHaveLength(2);
  });
  it("Integration API listings take any uploaded file of the marketplace as protected files, and show them to the operator", async () => {
    const integration = integrationSdkFor(server.baseUrl, server.marketplace);
    const include = ['protectedFileAttachments', 'protectedFileAttachments.file'];
    const created = await integration.listings.create(
      { authorId: asIntegrationId(provider.id), state: 'published', title: 'Operator listing', protectedFileAttachments: [{ fileId: asIntegrationId(guide) }] },
      { expand: true, include },
    );
    expect(created.data.data.relationships.protectedFileAttachments.data).toHaveLength(1);
    expect(created.data.included.find((r: { type: string }) => r.type === 'file').attributes.name).toBe('guide.txt');
    const id = created.data.data.id;
    const bad = await failureOf(integration.listings.update({ id, protectedFileAttachments: [{ fileId: asIntegrationId(guide) }, { fileId: new integrationSdk.types.UUID('00000000-0000-4000-8000-000000000000') }] }));
    expect([bad.status, bad.data.errors[0].source.path]).toEqual([400, ['protectedFileAttachments', '1', 'fileId']]);
    await integration.listings.update({ id, protectedFileAttachments: [] });
    const shown = await integration.listings.show({ id, include });
    expect(shown.data.data.relationships.protectedFileAttachments.data).toEqual([]);
    expect((await integration.fileAttachments.query({ listingId: id })).data.meta.totalItems).toBe(0);
  });
  it('rebuilding the read models from the log gives the same attachments (detached ones stay gone)', async () => {
    const integration = integrationSdkFor(server.baseUrl, server.marketplace);
    const all = async () => (await integration.fileAttachments.query({ perPage: 100 })).data.data.map((a: { id: { uuid: string }; attributes: unknown }) => [a.id.uuid, a.attributes]);
    const before = await all();
    expect(before.length).toBeGreaterThanOrEqual(6);
    await rebuildReadModels(server.infra.events, server.infra, ALL_PROJECTIONS);
    expect(await all()).toEqual(before);
  });
});
