import { integrationSdk, integrationSdkFor, marketplaceSdk, sharetribeSdk } from './support/sdks';
import { installProcess } from './support/processes';
import { startTestServer, TestServer } from './support/test-server';

const DAY = 24 * 3600 * 1000;
const IN = integrationSdk.types;

/** A process whose open state expires after a week, unless the provider closes it first or the customer follows up. */
const PROCESS = `{:format :v3
 :transitions
 [{:name :transition/open :actor :actor.role/customer :to :state/open :actions []}
  {:name :transition/follow-up :actor :actor.role/customer :from :state/open :to :state/followed-up :actions []}
  {:name :transition/close :actor :actor.role/provider :from :state/open :to :state/closed :actions []}
  {:name :transition/expire :at {:fn/plus [{:fn/timepoint [:time/first-entered-state :state/open]} {:fn/period ["P7D"]}]}
   :from :state/open :to :state/expired :actions []}
  {:name :transition/remind :at {:fn/plus [{:fn/timepoint [:time/tx-initiated]} {:fn/period ["P3D"]}]}
   :from :state/followed-up :to :state/reminded :actions []}
  {:name :transition/later :at {:fn/plus [{:fn/timepoint [:time/tx-initiated]} {:fn/period ["P30D"]}]}
   :from :state/followed-up :to :state/late :actions []}]
 :notifications
 [{:name :notification/opened :on :transition/open :to :actor.role/provider :template :opened}
  {:name :notification/nudge :on :transition/open :to :actor.role/provider :template :nudge
   :at {:fn/plus [{:fn/timepoint [:time/first-entered-state :state/open]} {:fn/period ["P2D"]}]}}]}`;

/** Reviews without payments: delivery, then the review-1/review-2 pattern of the default processes. */
const REVIEWED = `{:format :v3
 :transitions
 [{:name :transition/deliver :actor :actor.role/customer :to :state/delivered :actions []}
  {:name :transition/review-1-by-customer :actor :actor.role/customer :from :state/delivered :to :state/reviewed-by-customer
   :actions [{:name :action/post-review-by-customer}]}
  {:name :transition/review-2-by-provider :actor :actor.role/provider :from :state/reviewed-by-customer :to :state/reviewed
   :actions [{:name :action/post-review-by-provider} {:name :action/publish-reviews}]}]}`;

describe('delayed (:at) transitions on the scheduler and the clock; reviews', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const template = (t: string) => ({ subject: `${t}: {{transaction.listing.title}}`, html: `<p>{{transaction.last-transition}}</p>` });
    await installProcess(server, 'timed', PROCESS, { opened: template('opened'), nudge: template('nudge') });
    await installProcess(server, 'reviewed', REVIEWED);
  });
  afterAll(async () => {
    await server.close();
  });

  let users = 0;
  const member = async () => {
    const client = marketplaceSdk(server.baseUrl, server.marketplace, { tokenStore: sharetribeSdk.tokenStore.memoryStore() });
    users += 1;
    await client.currentUser.create({ email: `d${users}@example.com`, password: 'secret-password', firstName: 'D', lastName: 'E' });
    await client.login({ username: `d${users}@example.com`, password: 'secret-password' });
    return client;
  };

  it('runs the earliest due transition as the system, cancels it when the state is left, and ignores past states', async () => {
    const provider = await member();
    const customer = await member();
    const listingId = (await provider.ownListings.create({ title: 'Timed' })).data.data.id;
    const open = async () => (await customer.transactions.initiate({ processAlias: 'timed/release-1', transition: 'transition/open', params: { listingId } })).data.data.id;
    const expiring = await open();
    const closed = await open();
    const followed = await open();
    await provider.transactions.transition({ id: closed, transition: 'transition/close', params: {} });
    await customer.transactions.transition({ id: followed, transition: 'transition/follow-up', params: {} });

    // The delayed nudge (2 days after opening) goes out for the transactions still open only.
    await server.idle();
    const mails = async (template: string) => (await server.infra.mailer.outbox(server.marketplace.marketplaceId)).filter((m) => m.template === template);
    expect(await mails('opened')).toHaveLength(3);
    expect(await mails('nudge')).toHaveLength(0);
    // Forward only, not undone: the scheduler runs at the later time (see TEST_START).
    server.clock.advance(2 * DAY + 1000);
    await server.idle();
    expect((await mails('nudge')).map((m) => m.context.transactionId)).toEqual([expiring.uuid]);
    expect((await mails('nudge'))[0].subject).toBe('nudge: Timed');

    server.clock.advance(4 * DAY);
    await server.idle();
    const lastOf = async (id: unknown) => (await customer.transactions.show({ id })).data.data.attributes;
    expect((await lastOf(expiring)).lastTransition).toBe('transition/open');
    // follow-up's remind (initiated + 3 days) was due: only the earliest of the state's delayed transitions runs.
    expect((await lastOf(followed)).lastTransition).toBe('transition/remind');

    server.clock.advance(2 * DAY);
    await server.idle();
    const expired = await lastOf(expiring);
    expect(expired.lastTransition).toBe('transition/expire');
    expect(expired.transitions.at(-1)).toMatchObject({ transition: 'transition/expire', by: 'system' });
    expect((await lastOf(closed)).lastTransition).toBe('transition/close');

    server.clock.advance(30 * DAY);
    await server.idle();
    expect((await lastOf(followed)).lastTransition).toBe('transition/remind');

    const events = await integrationSdkFor(server.baseUrl, server.marketplace).events.query({ relatedResourceId: new IN.UUID(expiring.uuid) });
    expect(events.data.data.map((e: any) => [e.attributes.eventType, e.attributes.resource.attributes.lastTransition])).toEqual([
      ['transaction/initiated', 'transition/open'],
      ['transaction/transitioned', 'transition/expire'],
    ]);
  });

  it('posts reviews from both sides, public only once the second is in, readable through reviews/query and the transaction', async () => {
    const provider = await member();
    const customer = await member();
    const listingId = (await provider.ownListings.create({ title: 'Reviewed' })).data.data.id;
    const id = (await customer.transactions.initiate({ processAlias: 'reviewed/release-1', transition: 'transition/deliver', params: { listingId } })).data.data.id;
    await customer.transactions.transition({ id, transition: 'transition/review-1-by-customer', params: { reviewRating: 5, reviewContent: 'Lovely' } });
    const anonymous = marketplaceSdk(server.baseUrl, server.marketplace);
    expect((await anonymous.reviews.query({ listing_id: listingId, state: 'public' })).data.data).toEqual([]);
    const failed = await provider.transactions.transition({ id, transition: 'transition/review-2-by-provider', params: { reviewRating: 9, reviewContent: 'x' } }).catch((e: any) => e);
    expect(failed.data.errors[0]).toMatchObject({ code: 'validation-invalid-value', source: { path: ['params', 'reviewRating'] } });
    await provider.transactions.transition({ id, transition: 'transition/review-2-by-provider', params: { reviewRating: 4, reviewContent: 'Tidy guest' } });

    const ofListing = await anonymous.reviews.query({ listing_id: listingId, state: 'public', include: ['author', 'author.profileImage'] });
    expect(ofListing.data.data.map((r: any) => [r.attributes.type, r.attributes.rating, r.attributes.content, r.attributes.state])).toEqual([['ofProvider', 5, 'Lovely', 'public']]);
    expect(ofListing.data.included.map((u: any) => u.type)).toEqual(['user']);
    const ofCustomer = await anonymous.reviews.query({ subjectId: (await customer.currentUser.show()).data.data.id });
    expect(ofCustomer.data.data.map((r: any) => r.attributes.content)).toEqual(['Tidy guest']);
    expect((await anonymous.reviews.show({ id: ofCustomer.data.data[0].id })).data.data.attributes.rating).toBe(4);
    const shown = await customer.transactions.show({ id, include: ['reviews', 'reviews.author', 'reviews.subject'] });
    expect(shown.data.data.relationships.reviews.data).toHaveLength(2);
    expect(shown.data.data.attributes.lastTransition).toBe('transition/review-2-by-provider');

    const events = await integrationSdkFor(server.baseUrl, server.marketplace).events.query({ relatedResourceId: new IN.UUID(id.uuid) });
    expect(events.data.data.map((e: any) => [e.attributes.eventType, e.attributes.source])).toEqual([
      ['transaction/initiated', 'source/transaction'],
      ['review/created', 'source/transaction'],
      ['transaction/transitioned', 'source/transaction'],
      ['review/created', 'source/transaction'],
      ['review/updated', 'source/transaction'],
      ['review/updated', 'source/transaction'],
      ['transaction/transitioned', 'source/transaction'],
    ]);
    expect(events.data.data[4].attributes.previousValues).toEqual({ attributes: { state: 'pending' } });
  });
});
