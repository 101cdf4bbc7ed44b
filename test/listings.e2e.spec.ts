import { CommandBus } from '@nestjs/cqrs';
import sharp from 'sharp';
import { CreatedMarketplace, CreateMarketplaceCommand } from '../src/marketplaces/commands/create-marketplace.handler';
import { UpdateMarketplaceCommand } from '../src/marketplaces/commands/update-marketplace.handler';
import { operatorContext } from '../src/shared/command-context';
import { UserCommandMessage } from '../src/users/commands/user-command.handler';
import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';

const PASSWORD = 'secret-password';
const { UUID, LatLng, Money } = sharetribeSdk.types;
const IN = integrationSdk.types;

describe('listings through the official SDKs: own listings, public listings, Integration API, events', () => {
  let server: TestServer;
  let users = 0;
  const integ = (m: CreatedMarketplace = server.marketplace) => integrationSdkFor(server.baseUrl, m);
  const inUuid = (id: { uuid: string }) => new IN.UUID(id.uuid);
  const settings = (s: Record<string, unknown>, m: CreatedMarketplace = server.marketplace) =>
    server.app.get(CommandBus).execute(new UpdateMarketplaceCommand(m.marketplaceId, { type: 'update', settings: s }));

  /** A signed-up, logged-in Marketplace SDK and the user's id. */
  const member = async (m: CreatedMarketplace = server.marketplace) => {
    const client = marketplaceSdk(server.baseUrl, m);
    users += 1;
    const email = `author${users}@example.com`;
    const created = await client.currentUser.create({ email, password: PASSWORD, firstName: 'Ann', lastName: 'Author' });
    await client.login({ username: email, password: PASSWORD });
    return { client, id: created.data.data.id as { uuid: string } };
  };
  const photo = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } }).jpeg().toBuffer();
  const upload = async (client: any) => (await client.images.upload({ image: new File([await photo()], 'p.jpg', { type: 'image/jpeg' }) })).data.data.id;
  const codeOf = async (p: Promise<unknown>) => {
    const f = await failureOf(p);
    return { status: f.status, code: f.data.errors[0].code, path: f.data.errors[0].source?.path };
  };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  describe('own listings (Marketplace API)', () => {
    it('creates a draft with every field, publishes it, and shows it to its author with author and images', async () => {
      const { client, id } = await member();
      const image = await upload(client);
      const draft = await client.ownListings.createDraft(
        {
          title: 'City bike',
          description: 'A fast city bike',
          geolocation: new LatLng(60.17, 24.94),
          price: new Money(1500, 'EUR'),
          availabilityPlan: { type: 'availability-plan/day', entries: [{ dayOfWeek: 'mon', seats: 2 }] },
          publicData: { color: 'red', 'key-with-dash': 1 },
          privateData: { code: '~1234' },
          images: [image],
        },
        { expand: true, include: ['author', 'images'] },
      );
      const listing = draft.data.data;
      expect(listing.type).toBe('ownListing');
      expect(listing.id).toBeInstanceOf(UUID);
      expect(listing.attributes).toMatchObject({ title: 'City bike', state: 'draft', deleted: false, publicData: { color: 'red', 'key-with-dash': 1 }, privateData: { code: '~1234' }, metadata: {} });
      expect(listing.attributes.geolocation).toEqual(new LatLng(60.17, 24.94));
      expect(listing.attributes.price).toEqual(new Money(1500, 'EUR'));
      expect(listing.attributes.createdAt).toBeInstanceOf(Date);
      expect(listing.attributes.availabilityPlan).toEqual({ type: 'availability-plan/day', entries: [{ dayOfWeek: 'mon', seats: 2 }] });
      expect(listing.relationships.author.data).toEqual({ id: id, type: 'currentUser' });
      expect(listing.relationships.images.data.map((r: any) => r.id.uuid)).toEqual([image.uuid]);
      expect(draft.data.included.map((r: any) => r.type).sort()).toEqual(['currentUser', 'image']);

      const published = await client.ownListings.publishDraft({ id: listing.id }, { expand: true });
      expect(published.data.data.attributes.state).toBe('published');
      const shown = await client.ownListings.show({ id: listing.id, include: ['images'], 'fields.image': ['variants.square-small'] });
      expect(shown.data.data.attributes.state).toBe('published');
      expect(Object.keys(shown.data.included[0].attributes.variants)).toEqual(['square-small']);
    });

    it('answers a write with the reference only, without expand', async () => {
      const { client } = await member();
      const res = await client.ownListings.create({ title: 'Reference only' });
      expect(res.data.data.type).toBe('ownListing');
      expect(res.data.data.attributes).toBeUndefined();
    });

    it('creates published listings, or pendingApproval ones when the marketplace requires listing approval', async () => {
      const m = await server.app.get(CommandBus).execute<CreateMarketplaceCommand, CreatedMarketplace>(new CreateMarketplaceCommand('Approval', { requireListingApproval: true }));
      const { client } = await member(m);
      expect((await client.ownListings.create({ title: 'Needs approval' }, { expand: true })).data.data.attributes.state).toBe('pendingApproval');
      const draft = await client.ownListings.createDraft({ title: 'Draft' });
      expect((await client.ownListings.publishDraft({ id: draft.data.data.id }, { expand: true })).data.data.attributes.state).toBe('pendingApproval');
      const approved = await integ(m).listings.approve({ id: inUuid(draft.data.data.id) }, { expand: true });
      expect(approved.data.data.attributes.state).toBe('published');
      const { client: own } = await member();
      expect((await own.ownListings.create({ title: 'Straight out' }, { expand: true })).data.data.attributes.state).toBe('published');
    });

    it('updates: top-level merge of extended data, null removes, images as the exact ordered list; state unchanged', async () => {
      const { client } = await member();
      const [a, b] = [await upload(client), await upload(client)];
      const created = await client.ownListings.create({ title: 'Tent', price: new Money(100, 'EUR'), publicData: { size: 2, gone: 'x', nested: { a: 1 } }, images: [a] });
      const updated = await client.ownListings.update(
        { id: created.data.data.id, title: 'Big tent', price: null, publicData: { gone: null, nested: { b: 2 } }, images: [b, a] },
        { expand: true, include: ['images'] },
      );
      const attrs = updated.data.data.attributes;
      expect(attrs).toMatchObject({ title: 'Big tent', price: null, state: 'published', publicData: { size: 2, nested: { b: 2 } } });
      expect(updated.data.data.relationships.images.data.map((r: any) => r.id.uuid)).toEqual([b.uuid, a.uuid]);
      const added = await client.ownListings.addImage({ id: created.data.data.id, imageId: await upload(client) }, { expand: true, include: ['images'] });
      expect(added.data.data.relationships.images.data).toHaveLength(3);
    });

    it('closes and opens; wrong-state commands are 409 listing-invalid-state; discarding a draft deletes it', async () => {
      const { client } = await member();
      const listing = (await client.ownListings.create({ title: 'Kayak' })).data.data;
      expect((await client.ownListings.close({ id: listing.id }, { expand: true })).data.data.attributes.state).toBe('closed');
      expect(await codeOf(client.ownListings.close({ id: listing.id }))).toMatchObject({ status: 409, code: 'listing-invalid-state' });
      expect((await client.ownListings.open({ id: listing.id }, { expand: true })).data.data.attributes.state).toBe('published');
      expect(await codeOf(client.ownListings.publishDraft({ id: listing.id }))).toMatchObject({ status: 409, code: 'listing-invalid-state' });
      expect(await codeOf(client.ownListings.discardDraft({ id: listing.id }))).toMatchObject({ status: 409, code: 'listing-invalid-state' });
      const draft = (await client.ownListings.createDraft({ title: 'Temporary' })).data.data;
      const discarded = await client.ownListings.discardDraft({ id: draft.id }, { expand: true });
      expect(discarded.data.data.attributes.deleted).toBe(true);
      expect((await failureOf(client.ownListings.show({ id: draft.id }))).status).toBe(404);
      expect(await codeOf(client.ownListings.update({ id: draft.id, title: 'x' }))).toMatchObject({ status: 409, code: 'listing-not-found' });
    });

    it("lists the author's own listings in every state, newest first, with states and pagination", async () => {
      const { client } = await member();
      const ids: string[] = [];
      for (const title of ['one', 'two', 'three']) {
        server.clock.advance(1000);
        ids.push((await client.ownListings.createDraft({ title })).data.data.id.uuid);
      }
      await client.ownListings.publishDraft({ id: new UUID(ids[1]) });
      const all = await client.ownListings.query({});
      expect(all.data.data.map((l: any) => l.attributes.title)).toEqual(['three', 'two', 'one']);
      expect(all.data.meta).toEqual({ totalItems: 3, totalPages: 1, page: 1, perPage: 100 });
      const drafts = await client.ownListings.query({ states: ['draft'], perPage: 1, page: 2 });
      expect(drafts.data.data.map((l: any) => l.attributes.title)).toEqual(['one']);
      expect(drafts.data.meta).toEqual({ totalItems: 2, totalPages: 2, page: 2, perPage: 1 });
      expect((await client.ownListings.query({ states: ['published'] })).data.data.map((l: any) => l.type)).toEqual(['ownListing']);
    });

    it("forbids another user's listing: show and commands are 403", async () => {
      const { client } = await member();
      const { client: other } = await member();
      const listing = (await client.ownListings.create({ title: 'Mine' })).data.data;
      expect(await codeOf(other.ownListings.show({ id: listing.id }))).toMatchObject({ status: 403, code: 'forbidden' });
      expect(await codeOf(other.ownListings.update({ id: listing.id, title: 'Theirs' }))).toMatchObject({ status: 403, code: 'forbidden' });
      expect(await codeOf(other.ownListings.close({ id: listing.id }))).toMatchObject({ status: 403, code: 'forbidden' });
      expect((await failureOf(marketplaceSdk(server.baseUrl, server.marketplace).ownListings.create({ title: 'anonymous' }))).data.errors[0]).toMatchObject({ status: 403, code: 'forbidden' });
    });

    it('enforces posting rights and user approval with 403 and their codes', async () => {
      const m = await server.app.get(CommandBus).execute<CreateMarketplaceCommand, CreatedMarketplace>(new CreateMarketplaceCommand('Rights'));
      const { client, id } = await member(m);
      const listing = (await client.ownListings.create({ title: 'Before' })).data.data;
      await client.ownListings.close({ id: listing.id });
      await settings({ requirePermissionToPostListings: true }, m);
      await integ(m).users.updatePermissions({ id: inUuid(id), postListings: 'permission/deny' });
      // One call at a time: a call made before the previous one is awaited rejects with no handler yet.
      for (const call of [() => client.ownListings.create({ title: 'x' }), () => client.ownListings.createDraft({ title: 'x' }), () => client.ownListings.open({ id: listing.id })])
        expect(await codeOf(call())).toMatchObject({ status: 403, code: 'permission-denied-post-listings' });
      expect((await client.ownListings.update({ id: listing.id, title: 'Still editable' }, { expand: true })).data.data.attributes.title).toBe('Still editable');

      await settings({ requireUserApproval: true }, m);
      const { client: pending } = await member(m);
      for (const call of [() => pending.ownListings.create({ title: 'x' }), () => pending.ownListings.createDraft({ title: 'x' }), () => pending.ownListings.close({ id: listing.id })])
        expect(await codeOf(call())).toMatchObject({ status: 403, code: 'user-pending-approval' });
    });

    it('rejects bad input with 400, the code and source.path, never 500', async () => {
      const { client } = await member();
      const { client: other } = await member();
      const foreignImage = await upload(other);
      const cases: Array<[() => Promise<unknown>, string, string[]]> = [
        [() => client.ownListings.create({}), 'validation-missing-key', ['title']],
        [() => client.ownListings.create({ title: '' }), 'validation-invalid-value', ['title']],
        [() => client.ownListings.create({ title: 'x'.repeat(1001) }), 'validation-invalid-value', ['title']],
        [() => client.ownListings.create({ title: 'x', description: 'y'.repeat(5001) }), 'validation-invalid-value', ['description']],
        [() => client.ownListings.create({ title: 'x', publicData: { big: 'z'.repeat(51 * 1024) } }), 'validation-invalid-value', ['publicData']],
        [() => client.ownListings.create({ title: 'x', metadata: { a: 1 } }), 'validation-disallowed-key', ['metadata']],
        [() => client.ownListings.create({ title: 'x', price: new Money(-1, 'EUR') }), 'validation-invalid-value', ['price']],
        [() => client.ownListings.create({ title: 'x', geolocation: new LatLng(91, 0) }), 'validation-invalid-value', ['geolocation']],
        [() => client.ownListings.create({ title: 'x', availabilityPlan: { type: 'availability-plan/time', entries: [] } }), 'validation-invalid-value', ['availabilityPlan', 'timezone']],
        [() => client.ownListings.create({ title: 'x', images: ['not-a-uuid'] }), 'validation-invalid-value', ['images']],
        [() => client.ownListings.create({ title: 'x', images: [foreignImage] }), 'validation-invalid-value', ['images']],
        [() => client.ownListings.create({ title: 'x', publicData: null }), 'validation-invalid-value', ['publicData']],
        [() => client.ownListings.update({ title: 'x' }), 'validation-missing-key', ['id']],
        [() => client.ownListings.update({ id: new UUID('00000000-0000-4000-8000-000000000000'), title: null }), 'validation-invalid-value', ['title']],
        [() => client.ownListings.addImage({ id: new UUID('00000000-0000-4000-8000-000000000000') }), 'validation-missing-key', ['imageId']],
        [() => client.ownListings.show({}), 'validation-missing-key', ['id']],
        [() => client.ownListings.query({ states: ['sold'] }), 'validation-invalid-value', ['states']],
        [() => client.ownListings.query({ unknown: 1 }), 'validation-disallowed-key', ['unknown']],
        [() => client.ownListings.create({ title: 'x' }, { bogus: 1 }), 'validation-disallowed-key', ['bogus']],
      ];
      for (const [call, code, path] of cases) expect({ call: call.toString(), ...(await codeOf(call())) }).toEqual({ call: call.toString(), status: 400, code, path });
      expect(await codeOf(client.ownListings.close({ id: new UUID('00000000-0000-4000-8000-000000000000') }))).toMatchObject({ status: 409, code: 'listing-not-found' });
    });
  });

  describe('public listings (Marketplace API)', () => {
    it('shows published and closed listings to anyone, with author, author.profileImage and images; drafts are not found', async () => {
      const { client, id } = await member();
      const profileImage = await upload(client);
      await client.currentUser.updateProfile({ profileImageId: profileImage });
      const image = await upload(client);
      const listing = (await client.ownListings.create({ title: 'Public', privateData: { secret: 1 }, images: [image] })).data.data;
      const draft = (await client.ownListings.createDraft({ title: 'Hidden' })).data.data;
      const anonymous = marketplaceSdk(server.baseUrl, server.marketplace);
      const shown = await anonymous.listings.show({ id: listing.id, include: ['author', 'author.profileImage', 'images', 'currentStock'] });
      expect(shown.data.data.type).toBe('listing');
      expect(shown.data.data.attributes.privateData).toBeUndefined();
      expect(shown.data.data.attributes).toMatchObject({ title: 'Public', state: 'published', metadata: {} });
      expect(shown.data.data.relationships.author.data.id.uuid).toBe(id.uuid);
      const author = shown.data.included.find((r: any) => r.type === 'user');
      expect(author.attributes.profile.displayName).toBe('Ann A');
      expect(author.attributes.email).toBeUndefined();
      expect(author.relationships.profileImage.data.id.uuid).toBe(profileImage.uuid);
      expect(shown.data.included.filter((r: any) => r.type === 'image').map((r: any) => r.id.uuid).sort()).toEqual([image.uuid, profileImage.uuid].sort());
      expect((await failureOf(anonymous.listings.show({ id: draft.id }))).status).toBe(404);
      await client.ownListings.close({ id: listing.id });
      expect((await anonymous.listings.show({ id: listing.id })).data.data.attributes.state).toBe('closed');
      expect((await failureOf(anonymous.listings.show({ id: new UUID('00000000-0000-4000-8000-000000000000') }))).status).toBe(404);
    });

    it('keeps marketplaces apart: another marketplace sees none of these listings', async () => {
      const { client } = await member();
      const listing = (await client.ownListings.create({ title: 'Tenant A only' })).data.data;
      const other = await server.createMarketplace('Tenant B');
      const b = marketplaceSdk(server.baseUrl, other);
      expect((await failureOf(b.listings.show({ id: listing.id }))).status).toBe(404);
      expect((await b.listings.query({ ids: [listing.id] })).data.data).toEqual([]);
      expect((await failureOf(integ(other).listings.show({ id: inUuid(listing.id) }))).status).toBe(404);
      expect((await integ(other).listings.query({})).data.meta.totalItems).toBe(0);
      expect(await codeOf(integ(other).listings.close({ id: inUuid(listing.id) }))).toMatchObject({ status: 409, code: 'listing-not-found' });
    });
  });

  describe('Integration API listings', () => {
    it('creates for an author, shows every state, updates metadata, closes, opens and approves', async () => {
      const { id } = await member();
      const api = integ();
      const image = (await api.images.upload({ image: await photo() })).data.data.id;
      const created = await api.listings.create(
        { title: 'Operator listing', authorId: inUuid(id), state: 'pendingApproval', price: new IN.Money(900, 'USD'), metadata: { rank: 1 }, images: [image] },
        { expand: true, include: ['author', 'images'] },
      );
      const listing = created.data.data;
      expect(listing.type).toBe('listing');
      expect(listing.attributes).toMatchObject({ state: 'pendingApproval', metadata: { rank: 1 }, privateData: {} });
      expect(created.data.included.find((r: any) => r.type === 'user').attributes.email).toMatch(/@example.com$/);
      expect((await api.listings.show({ id: listing.id })).data.data.attributes.state).toBe('pendingApproval');
      expect((await api.listings.approve({ id: listing.id }, { expand: true })).data.data.attributes.state).toBe('published');
      expect((await api.listings.update({ id: listing.id, metadata: { rank: null, featured: true } }, { expand: true })).data.data.attributes.metadata).toEqual({ featured: true });
      expect((await api.listings.close({ id: listing.id }, { expand: true })).data.data.attributes.state).toBe('closed');
      expect((await api.listings.open({ id: listing.id }, { expand: true })).data.data.attributes.state).toBe('published');
      expect(await codeOf(api.listings.approve({ id: listing.id }))).toMatchObject({ status: 409, code: 'listing-invalid-state' });
    });

    it('refuses authors that do not exist, are banned or wait for approval (409), and bad bodies (400)', async () => {
      const api = integ();
      const missing = new IN.UUID('00000000-0000-4000-8000-000000000000');
      expect(await codeOf(api.listings.create({ title: 'x', authorId: missing, state: 'published' }))).toMatchObject({ status: 409, code: 'user-not-found' });
      const { id: banned } = await member();
      await server.app.get(CommandBus).execute(new UserCommandMessage(operatorContext(server.marketplace.marketplaceId, new Date()), banned.uuid, { type: 'set-banned', banned: true }));
      expect(await codeOf(api.listings.create({ title: 'x', authorId: inUuid(banned), state: 'published' }))).toMatchObject({ status: 409, code: 'user-is-banned' });
      const m = await server.app.get(CommandBus).execute<CreateMarketplaceCommand, CreatedMarketplace>(new CreateMarketplaceCommand('Pending users', { requireUserApproval: true }));
      const { id: pending } = await member(m);
      expect(await codeOf(integ(m).listings.create({ title: 'x', authorId: inUuid(pending), state: 'published' }))).toMatchObject({ status: 409, code: 'user-pending-approval' });
      const { id: author } = await member();
      expect(await codeOf(api.listings.create({ title: 'x', authorId: inUuid(author) }))).toMatchObject({ status: 400, code: 'validation-missing-key', path: ['state'] });
      expect(await codeOf(api.listings.create({ title: 'x', authorId: inUuid(author), state: 'draft' }))).toMatchObject({ status: 400, path: ['state'] });
      expect(await codeOf(api.listings.create({ title: 'x', authorId: 'nope', state: 'published' }))).toMatchObject({ status: 400, path: ['authorId'] });
      expect(await codeOf(api.listings.update({ id: missing, title: 'x' }))).toMatchObject({ status: 409, code: 'listing-not-found' });
      expect(await codeOf(api.listings.update({ id: missing, state: 'closed' }))).toMatchObject({ status: 400, code: 'validation-disallowed-key', path: ['state'] });
    });
  });

  describe('events', () => {
    it('records listing/created, listing/updated with previousValues and listing/deleted, with source and auditData', async () => {
      const { client, id } = await member();
      const [a, b] = [await upload(client), await upload(client)];
      const draft = (await client.ownListings.createDraft({ title: 'Evented', publicData: { color: 'red', size: 1 }, images: [a] })).data.data;
      await client.ownListings.update({ id: draft.id, title: 'Renamed', publicData: { color: 'blue' }, images: [b] });
      await client.ownListings.publishDraft({ id: draft.id });
      await integ().listings.update({ id: inUuid(draft.id), metadata: { checked: true } });
      const other = (await client.ownListings.createDraft({ title: 'Gone' })).data.data;
      await client.ownListings.discardDraft({ id: other.id });

      const events = (await integ().events.query({ relatedResourceId: inUuid(id), eventTypes: ['listing/created', 'listing/updated', 'listing/deleted'] })).data.data.map(
        (e: any) => e.attributes,
      );
      expect(events.map((e: any) => e.eventType)).toEqual(['listing/created', 'listing/updated', 'listing/updated', 'listing/updated', 'listing/created', 'listing/deleted']);
      const [created, renamed, published, operator, , deleted] = events;
      expect(created).toMatchObject({ resourceType: 'listing', source: 'source/marketplace-api' });
      expect(created.auditData.userId.uuid).toBe(id.uuid);
      expect(created.resource.attributes).toMatchObject({ title: 'Evented', state: 'draft' });
      expect(created.resource.relationships.author.data.id.uuid).toBe(id.uuid);
      expect(created.resource.relationships.marketplace.data.id.uuid).toBe(server.marketplace.marketplaceId);
      expect(created.resource.relationships.images.data.map((r: any) => r.id.uuid)).toEqual([a.uuid]);
      expect(renamed.previousValues.attributes).toEqual({ title: 'Evented', publicData: { color: 'red' } });
      expect(renamed.previousValues.relationships.images.data.map((r: any) => r.id.uuid)).toEqual([a.uuid]);
      expect(published.previousValues).toEqual({ attributes: { state: 'draft' } });
      expect(operator).toMatchObject({ source: 'source/integration-api', previousValues: { attributes: { metadata: { checked: null } } } });
      expect(operator.auditData.userId).toBeNull();
      expect(deleted).toMatchObject({ resource: null });
      expect(deleted.resourceId.uuid).toBe(other.id.uuid);
    });
  });
});
