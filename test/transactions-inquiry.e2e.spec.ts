import { failureOf, integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk, trustedMarketplaceSdk } from './support/sdks';
import { startTestServer, TestServer } from './support/test-server';
import { TransactionReads } from '../src/transactions/queries/transaction-reads';
import { CommandBus } from '@nestjs/cqrs';
import { UpdateMarketplaceCommand } from '../src/marketplaces/commands/update-marketplace.handler';
import { rebuildReadModels } from '../projections/projection-engine';
import { ALL_PROJECTIONS } from '../projections/registry';

const PASSWORD = 'secret-password';
const { UUID, Money } = sharetribeSdk.types;
const IN = integrationSdk.types;

/**
 * The Web Template's inquiry flow through the official SDKs: a customer inquires on a listing (initiate with
 * default-inquiry/release-1, then messages/send), the provider finds it in the inbox (transactions/query as the
 * InboxPage asks), opens it (transactions/show with the TransactionPage's includes), reads the messages and
 * replies; the operator follows it through the Integration API and events/query.
 */
describe('transactions: the inquiry flow, processes, messages and events through the SDKs', () => {
  let server: TestServer;
  let users = 0;

  const member = async (firstName: string) => {
    const client = marketplaceSdk(server.baseUrl, server.marketplace);
    users += 1;
    const email = `member${users}@example.com`;
    const created = await client.currentUser.create({ email, password: PASSWORD, firstName, lastName: 'Member' });
    await client.login({ username: email, password: PASSWORD });
    return { client, id: created.data.data.id as { uuid: string }, email };
  };
  const codeOf = async (p: Promise<unknown>) => {
    const f = await failureOf(p);
    return { status: f.status, code: f.data.errors[0].code, path: f.data.errors[0].source?.path };
  };

  let provider: Awaited<ReturnType<typeof member>>;
  let customer: Awaited<ReturnType<typeof member>>;
  let listingId: { uuid: string };

  beforeAll(async () => {
    server = await startTestServer();
    provider = await member('Paula');
    customer = await member('Carl');
    const listing = await provider.client.ownListings.create({ title: 'Sauna by the lake', price: new Money(5000, 'EUR'), publicData: { transactionProcessAlias: 'default-inquiry/release-1' } });
    listingId = listing.data.data.id;
  });
  afterAll(() => server.close());

  it('runs the inquiry: initiate, message, inbox, transaction page, reply', async () => {
    // ListingPage sendInquiry: initiate, then send the message.
    const initiated = await customer.client.transactions.initiate({ processAlias: 'default-inquiry/release-1', transition: 'transition/inquire-without-payment', params: { listingId } });
    const txId = initiated.data.data.id;
    expect(initiated.data.data.type).toBe('transaction');
    await customer.client.messages.send({ transactionId: txId, content: 'Is the sauna free on Friday?' });

    // The process's notification: the provider is mailed, from the version's template.
    await server.idle();
    const mails = (await server.infra.mailer.outbox(server.marketplace.marketplaceId)).filter((m) => m.template === 'inquiry-new-inquiry');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: provider.email, subject: 'New inquiry: Sauna by the lake', context: { transactionId: txId.uuid, notification: 'notification/inquiry-new-inquiry' } });
    expect(mails[0].text).toContain('Hello Paula');

    // InboxPage: the provider's sales.
    const inbox = await provider.client.transactions.query({
      only: 'sale',
      processNames: ['default-inquiry', 'default-booking'],
      include: ['listing', 'provider', 'provider.profileImage', 'customer', 'customer.profileImage', 'booking'],
      'fields.transaction': ['processName', 'lastTransition', 'lastTransitionedAt', 'transitions', 'payinTotal', 'payoutTotal', 'lineItems'],
      'fields.listing': ['title', 'availabilityPlan', 'publicData.listingType', 'publicData.transactionProcessAlias', 'publicData.unitType'],
      'fields.user': ['profile.displayName', 'profile.abbreviatedName', 'deleted', 'banned'],
      page: 1,
      perPage: 10,
    });
    expect(inbox.data.meta).toMatchObject({ totalItems: 1, page: 1 });
    const [row] = inbox.data.data;
    expect(row.id).toEqual(txId);
    expect(row.attributes).toMatchObject({ processName: 'default-inquiry', lastTransition: 'transition/inquire-without-payment', payinTotal: null, lineItems: [] });
    expect(row.attributes.transitions).toEqual([{ transition: 'transition/inquire-without-payment', createdAt: expect.any(Date), by: 'customer' }]);
    expect(row.relationships.customer.data.id).toEqual(customer.id);
    const includedTitles = inbox.data.included.filter((r: any) => r.type === 'listing').map((r: any) => r.attributes.title);
    expect(includedTitles).toEqual(['Sauna by the lake']);

    // Each transaction is read once per answer, however many of its relationships are included (each goes through
    // the transaction's gate): the six includes above read it once, not once each.
    const reads = jest.spyOn(TransactionReads.prototype, 'transaction');
    try {
      await provider.client.transactions.query({ only: 'sale', include: ['listing', 'provider', 'customer', 'booking'] });
      expect(reads.mock.calls.map(([, id]) => id)).toEqual([txId.uuid]);
    } finally {
      reads.mockRestore();
    }
    expect(inbox.data.included.find((r: any) => r.type === 'user' && r.id.uuid === customer.id.uuid).attributes.profile.displayName).toBe('Carl M');
    // The customer sees it among orders, not sales.
    expect((await customer.client.transactions.query({ only: 'order' })).data.data.map((t: any) => t.id.uuid)).toEqual([txId.uuid]);
    expect((await customer.client.transactions.query({ only: 'sale' })).data.data).toEqual([]);

    // TransactionPage: show with its includes, the messages, the next transitions.
    const shown = await provider.client.transactions.show(
      { id: txId, include: ['customer', 'customer.profileImage', 'provider', 'provider.profileImage', 'listing', 'listing.currentStock', 'listing.images', 'listing.author', 'listing.author.profileImage', 'booking', 'reviews', 'reviews.author', 'reviews.subject', 'protectedFileAttachments', 'protectedFileAttachments.file'] },
      { expand: true },
    );
    expect(shown.data.data.relationships.listing.data.id).toEqual(listingId);
    expect(shown.data.data.relationships.reviews.data).toEqual([]);
    expect(shown.data.data.relationships.booking.data).toBeNull();
    expect(shown.data.included.some((r: any) => r.type === 'user' && r.id.uuid === provider.id.uuid)).toBe(true);
    const messages = await provider.client.messages.query({ transaction_id: txId, include: ['sender', 'sender.profileImage'], page: 1, perPage: 100 });
    expect(messages.data.data.map((m: any) => m.attributes.content)).toEqual(['Is the sauna free on Friday?']);
    expect(messages.data.data[0].relationships.sender.data.id).toEqual(customer.id);
    expect((await provider.client.processTransitions.query({ transactionId: txId })).data.data).toEqual([]);

    // The provider replies; the customer reads both, newest first.
    server.clock.advance(1000);
    await provider.client.messages.send({ transactionId: txId, content: 'Yes, from 18:00.', publicFileAttachments: [] });
    const thread = await customer.client.messages.query({ transactionId: txId, include: ['sender'] });
    expect(thread.data.data.map((m: any) => m.attributes.content)).toEqual(['Yes, from 18:00.', 'Is the sauna free on Friday?']);
    expect((await provider.client.transactions.query({ hasMessage: true })).data.data).toHaveLength(1);
    expect((await provider.client.transactions.query({ sort: 'lastMessageAt,createdAt' })).data.data).toHaveLength(1);

    // Nobody else sees the transaction or its messages.
    const stranger = await member('Sam');
    expect(await codeOf(stranger.client.transactions.show({ id: txId }))).toMatchObject({ status: 403, code: 'forbidden' });
    // messages/query answers a stranger as transactions/show does (the same rule, the same 403; 404 for no transaction).
    expect(await codeOf(stranger.client.messages.query({ transactionId: txId }))).toMatchObject({ status: 403, code: 'forbidden' });
    const nowhere = new UUID('00000000-0000-4000-8000-000000000000');
    expect(await codeOf(customer.client.messages.query({ transactionId: nowhere }))).toMatchObject({ status: 404, code: 'not-found' });
    expect(await codeOf(customer.client.transactions.show({ id: nowhere }))).toMatchObject({ status: 404, code: 'not-found' });
    expect(await codeOf(stranger.client.messages.send({ transactionId: txId, content: 'hi' }))).toMatchObject({ status: 403 });
    expect((await stranger.client.transactions.query({})).data.data).toEqual([]);

    // The operator sees it all, and the events in order.
    const integ = integrationSdkFor(server.baseUrl, server.marketplace);
    const viaInteg = await integ.transactions.show({ id: new IN.UUID(txId.uuid), include: ['messages', 'customer', 'provider', 'listing'], 'limit.messages': 1 });
    expect(viaInteg.data.data.attributes.state).toBe('state/free-inquiry');
    expect(viaInteg.data.data.relationships.messages.data).toHaveLength(1);
    expect((await integ.messages.query({ transactionId: new IN.UUID(txId.uuid) })).data.data).toHaveLength(2);
    expect((await integ.transactions.query({ customerId: new IN.UUID(customer.id.uuid) })).data.data).toHaveLength(1);
    const updated = await integ.transactions.updateMetadata({ id: new IN.UUID(txId.uuid), metadata: { flagged: true } }, { expand: true });
    expect(updated.data.data.attributes.metadata).toEqual({ flagged: true });
    const events = await integ.events.query({ relatedResourceId: new IN.UUID(txId.uuid) });
    const ours = events.data.data.filter((e: any) => ['transaction', 'message'].includes(e.attributes.resourceType));
    expect(ours.map((e: any) => [e.attributes.eventType, e.attributes.source])).toEqual([
      ['transaction/initiated', 'source/transaction'],
      ['message/created', 'source/marketplace-api'],
      ['message/created', 'source/marketplace-api'],
      ['transaction/updated', 'source/integration-api'],
    ]);
    expect(ours[3].attributes.previousValues).toEqual({ attributes: { metadata: { flagged: null } } });

    // Another marketplace sees none of it.
    const other = integrationSdkFor(server.baseUrl, await server.createMarketplace('Other'));
    expect((await failureOf(other.transactions.show({ id: new IN.UUID(txId.uuid) }))).status).toBe(404);
    expect((await other.transactions.query({})).data.data).toEqual([]);
    expect((await other.messages.query({ transactionId: new IN.UUID(txId.uuid) })).data.data).toEqual([]);

    // Replay: the transactions, messages and processes read models rebuilt from the log answer the same.
    const answers = async () => [
      (await integ.transactions.show({ id: new IN.UUID(txId.uuid), include: ['messages'] })).data,
      (await provider.client.transactions.query({ only: 'sale', sort: 'lastMessageAt' })).data,
      (await customer.client.messages.query({ transactionId: txId })).data,
    ];
    const before = await answers();
    await rebuildReadModels(server.infra.events, server.infra, ALL_PROJECTIONS);
    expect(await answers()).toEqual(before);
  });

  it('puts only absolute links in mails: MARKETPLACE_URL, or the URL the operator set for the marketplace', async () => {
    const urlsIn = (text: string) => [...text.matchAll(/\(([^()\s]*\/[^()\s]*)\)|(https?:\/\/\S+)/g)].map((m) => m[1] ?? m[2]);
    const inquire = async () => {
      const { data } = await customer.client.transactions.initiate({ processAlias: 'default-inquiry/release-1', transition: 'transition/inquire-without-payment', params: { listingId } });
      await server.idle();
      const mails = await server.infra.mailer.outbox(server.marketplace.marketplaceId);
      return { id: data.data.id.uuid as string, mails, urls: mails.flatMap((m) => urlsIn(m.text)) };
    };
    const first = await inquire();
    expect(first.urls.length).toBeGreaterThan(0);
    for (const url of first.urls) expect(url).toMatch(/^http:\/\/localhost:3000\//);
    expect(first.urls).toContain(`http://localhost:3000/sale/${first.id}`);
    await server.app.get(CommandBus).execute(new UpdateMarketplaceCommand(server.marketplace.marketplaceId, { type: 'update', settings: { url: 'https://shop.example.com/' } }));
    const second = await inquire();
    expect(second.urls).toContain(`https://shop.example.com/sale/${second.id}`);
    await server.app.get(CommandBus).execute(new UpdateMarketplaceCommand(server.marketplace.marketplaceId, { type: 'update', settings: { url: null } }));
  });

  it('refuses initiating on one\'s own listing, a closed listing, an unknown alias, a wrong transition or missing listingId', async () => {
    const inquire = (client: any, params: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      client.transactions.initiate({ processAlias: 'default-inquiry/release-1', transition: 'transition/inquire-without-payment', params, ...extra });
    expect(await codeOf(inquire(provider.client, { listingId }))).toMatchObject({ status: 409, code: 'transaction-same-author-and-customer' });
    expect(await codeOf(inquire(customer.client, { listingId }, { processAlias: 'default-inquiry/release-9' }))).toMatchObject({ status: 409, code: 'transaction-unknown-alias' });
    expect(await codeOf(inquire(customer.client, { listingId }, { transition: 'transition/inquire' }))).toMatchObject({ status: 409, code: 'transaction-invalid-transition' });
    expect(await codeOf(inquire(customer.client, {}))).toMatchObject({ status: 400, code: 'validation-missing-key', path: ['params', 'listingId'] });
    expect(await codeOf(inquire(customer.client, { listingId: new UUID('00000000-0000-4000-8000-000000000000') }))).toMatchObject({ status: 409, code: 'transaction-listing-not-found' });
    const other = await provider.client.ownListings.create({ title: 'Closed one' });
    await provider.client.ownListings.close({ id: other.data.data.id });
    expect(await codeOf(inquire(customer.client, { listingId: other.data.data.id }))).toMatchObject({ status: 409, code: 'transaction-listing-not-found' });
    // Without the initiateTransactions permission: the platform's 403.
    const settings = (s: Record<string, unknown>) => server.app.get(CommandBus).execute(new UpdateMarketplaceCommand(server.marketplace.marketplaceId, { type: 'update', settings: s }));
    const denied = await member('Dora');
    await integrationSdkFor(server.baseUrl, server.marketplace).users.updatePermissions({ id: new IN.UUID(denied.id.uuid), initiateTransactions: 'permission/deny' });
    await settings({ requirePermissionToInitiateTransactions: true });
    expect(await codeOf(inquire(denied.client, { listingId }))).toMatchObject({ status: 403, code: 'permission-denied-initiate-transactions' });
    await settings({ requirePermissionToInitiateTransactions: false });
    // Speculative: the would-be transaction, nothing stored.
    const before = (await customer.client.transactions.query({})).data.meta.totalItems;
    const speculative = await customer.client.transactions.initiateSpeculative({ processAlias: 'default-inquiry/release-1', transition: 'transition/inquire-without-payment', params: { listingId, protectedData: { a: 1 } } });
    expect(speculative.data.data.attributes).toMatchObject({ lastTransition: 'transition/inquire-without-payment', protectedData: { a: 1 } });
    expect((await customer.client.transactions.query({})).data.meta.totalItems).toBe(before);
  });

  it('runs a privileged negotiation offer only with a trusted token; a payment needs the provider to have a payout account', async () => {
    const offer = { listingId, lineItems: [{ code: 'line-item/offer', unitPrice: new Money(12000, 'EUR'), quantity: 1.5 }], metadata: { offer: 'first' } };
    // The provider makes an offer on the customer's listing (reverse flow): a customer's listing is needed.
    const wanted = await customer.client.ownListings.create({ title: 'Wanted: sauna builder' });
    const request = { processAlias: 'default-negotiation/release-1', transition: 'transition/make-offer', params: { ...offer, listingId: wanted.data.data.id } };
    expect(await codeOf(provider.client.transactions.initiate(request))).toMatchObject({ status: 403, code: 'forbidden' });
    // As the template's server does: exchange the user's token for a trusted one with the client secret.
    const userTokens = sharetribeSdk.tokenStore.memoryStore();
    await marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: userTokens }).login({ username: provider.email, password: PASSWORD });
    const exchanged = await trustedMarketplaceSdk(server.baseUrl, server.marketplace, userTokens).exchangeToken();
    const trustedTokens = sharetribeSdk.tokenStore.memoryStore();
    trustedTokens.setToken(exchanged.data);
    const trusted = marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: trustedTokens });
    const made = await trusted.transactions.initiate(request, { expand: true });
    expect(made.data.data.attributes).toMatchObject({ lastTransition: 'transition/make-offer', payinTotal: new Money(18000, 'EUR'), metadata: { offer: 'first' } });
    expect(made.data.data.attributes.lineItems[0].quantity.value).toBe('1.5');
    // The state as the process names it: the Web Template's negotiation checkout compares it with `state/offer-pending`.
    expect(made.data.data.attributes.state).toBe('state/offer-pending');
    expect(made.data.data.relationships).toBeUndefined();
    const shown = await customer.client.transactions.show({ id: made.data.data.id, include: ['customer', 'provider'] });
    expect(shown.data.data.relationships.customer.data.id).toEqual(customer.id);
    expect(shown.data.data.relationships.provider.data.id).toEqual(provider.id);
    const next = await customer.client.processTransitions.query({ transactionId: made.data.data.id });
    expect(next.data.data.map((t: any) => t.attributes.name)).toEqual(
      expect.arrayContaining(['transition/customer-make-counter-offer', 'transition/customer-reject-offer', 'transition/request-payment-to-accept-offer']),
    );
    // The provider has no payout account: no intent can be made; 409, nothing stored.
    expect(await codeOf(customer.client.transactions.transition({ id: made.data.data.id, transition: 'transition/request-payment-to-accept-offer', params: {} }))).toMatchObject({
      status: 409,
      code: 'transaction-missing-stripe-account',
    });
    // The customer rejects; the offer can no longer be rejected twice.
    const rejected = await customer.client.transactions.transition({ id: made.data.data.id, transition: 'transition/customer-reject-offer', params: {} }, { expand: true });
    expect(rejected.data.data.attributes.lastTransition).toBe('transition/customer-reject-offer');
    expect(await codeOf(customer.client.transactions.transition({ id: made.data.data.id, transition: 'transition/customer-reject-offer', params: {} }))).toMatchObject({ status: 409, code: 'transaction-invalid-transition' });
  });

  it('lets the operator transition through the Integration API, and of concurrent transitions from one state exactly one wins', async () => {
    const integ = integrationSdkFor(server.baseUrl, server.marketplace);
    const userTokens = sharetribeSdk.tokenStore.memoryStore();
    await marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: userTokens }).login({ username: customer.email, password: PASSWORD });
    const trustedTokens = sharetribeSdk.tokenStore.memoryStore();
    trustedTokens.setToken((await trustedMarketplaceSdk(server.baseUrl, server.marketplace, userTokens).exchangeToken()).data);
    const trustedCustomer = marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: trustedTokens });
    // A quote request (customer) on the provider's listing, then the operator rejects it.
    const requested = await customer.client.transactions.initiate({ processAlias: 'default-negotiation/release-1', transition: 'transition/request-quote', params: { listingId, protectedData: { need: 'sauna' } } });
    const id = new IN.UUID(requested.data.data.id.uuid);
    // The customer's transition, run by the operator: not authorized (403), both as a command and speculatively.
    expect(await codeOf(integ.transactions.transition({ id, transition: 'transition/withdraw-request', params: {} }))).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await codeOf(integ.transactions.transitionSpeculative({ id, transition: 'transition/withdraw-request', params: {} }))).toMatchObject({ status: 403, code: 'forbidden' });
    expect(await codeOf(provider.client.transactions.transition({ id: requested.data.data.id, transition: 'transition/withdraw-request', params: {} }))).toMatchObject({ status: 403, code: 'forbidden' });
    const speculative = await integ.transactions.transitionSpeculative({ id, transition: 'transition/operator-reject-request', params: {} });
    expect(speculative.data.data.attributes.lastTransition).toBe('transition/operator-reject-request');
    expect((await integ.transactions.show({ id })).data.data.attributes.lastTransition).toBe('transition/request-quote');
    const rejected = await integ.transactions.transition({ id, transition: 'transition/operator-reject-request', params: {} }, { expand: true });
    expect(rejected.data.data.attributes.transitions.map((t: any) => t.by)).toEqual(['customer', 'operator']);

    // Two counter offers raced on one offer: one transition wins, the other finds the state moved on.
    const offered = await customer.client.transactions.initiate({ processAlias: 'default-negotiation/release-1', transition: 'transition/request-quote', params: { listingId } });
    const offerTokens = sharetribeSdk.tokenStore.memoryStore();
    await marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: offerTokens }).login({ username: provider.email, password: PASSWORD });
    const providerTrusted = sharetribeSdk.tokenStore.memoryStore();
    providerTrusted.setToken((await trustedMarketplaceSdk(server.baseUrl, server.marketplace, offerTokens).exchangeToken()).data);
    const lineItems = [{ code: 'line-item/offer', unitPrice: new Money(1000, 'EUR'), quantity: 1 }];
    await marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: providerTrusted }).transactions.transition({ id: offered.data.data.id, transition: 'transition/make-offer-from-request', params: { lineItems } });
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) =>
        trustedCustomer.transactions.transition({ id: offered.data.data.id, transition: 'transition/customer-make-counter-offer', params: { lineItems: [{ ...lineItems[0], unitPrice: new Money(900 - n, 'EUR') }] } }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) expect(r.reason.data.errors[0].code).toBe('transaction-invalid-transition');
    const after = await customer.client.transactions.show({ id: offered.data.data.id });
    expect(after.data.data.attributes.transitions.map((t: any) => t.transition)).toEqual([
      'transition/request-quote',
      'transition/make-offer-from-request',
      'transition/customer-make-counter-offer',
    ]);
  });
});
