import { OperatorAccounts } from '../../src/operators/operator-accounts';
import { bearer, form, http } from './http';
import { marketplaceSdk, sharetribeSdk } from './sdks';
import type { TestServer } from './test-server';

export const OPERATOR_PASSWORD = 'operator-password-1';
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

/** An operator of the test server's installation (every marketplace unless some are named). */
export const addOperator = (server: TestServer, email: string, marketplaces: string[] | null = null) =>
  server.app.get(OperatorAccounts).add(email, OPERATOR_PASSWORD, marketplaces);

/** Signs in as a browser would; answers the cookie (name=value) and the session's CSRF token. */
export const signIn = async (server: TestServer, email: string, password = OPERATOR_PASSWORD) => {
  const res = await http(server.baseUrl, '/console/api/sign-in', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email, password }) });
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { res, setCookie, cookie: setCookie.split(';')[0], csrf: res.body?.data?.csrfToken as string | undefined };
};

export const consolePost = (server: TestServer, path: string, session: { cookie: string; csrf?: string }, body: unknown = {}) =>
  http(server.baseUrl, `/console/api/${path}`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, cookie: session.cookie, ...(session.csrf ? { 'x-csrf-token': session.csrf } : {}) },
    body: JSON.stringify(body),
  });

export const mintToken = async (server: TestServer, session: { cookie: string; csrf?: string }, marketplaceId: string) =>
  consolePost(server, 'token', session, { marketplaceId });

/** A user signed up through the Marketplace API of a marketplace. */
export const signUpUser = async (server: TestServer, clientId: string, email: string) => {
  const token = await http(server.baseUrl, '/v1/auth/token', form({ client_id: clientId, grant_type: 'client_credentials', scope: 'public-read' }));
  const res = await http(server.baseUrl, '/v1/api/current_user/create', {
    method: 'POST',
    headers: bearer(token.body.access_token, JSON_HEADERS),
    body: JSON.stringify({ email, password: 'secret-password', firstName: 'Test', lastName: 'User' }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.text}`);
  return res.body.data.id as string;
};

export const integ = (server: TestServer, token: string, path: string, body?: unknown) =>
  http(server.baseUrl, `/v1/integration_api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: bearer(token, JSON_HEADERS),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

let members = 0;

/** A provider's listing and a customer's quote request on it (default-negotiation), made through the SDKs. */
export const quoteRequest = async (server: TestServer) => {
  const member = async (role: string) => {
    const client = marketplaceSdk(server.baseUrl, server.marketplace);
    const email = `${role}${(members += 1)}@example.com`;
    await client.currentUser.create({ email, password: 'secret-password', firstName: role, lastName: 'M' });
    await client.login({ username: email, password: 'secret-password' });
    return client;
  };
  const provider = await member('provider');
  const customer = await member('customer');
  const listing = await provider.ownListings.create({ title: 'Sauna by the lake', price: new sharetribeSdk.types.Money(5000, 'EUR'), publicData: { transactionProcessAlias: 'default-negotiation/release-1' } });
  const tx = await customer.transactions.initiate({ processAlias: 'default-negotiation/release-1', transition: 'transition/request-quote', params: { listingId: listing.data.data.id, protectedData: { need: 'sauna' } } });
  return { listingId: listing.data.data.id.uuid as string, transactionId: tx.data.data.id.uuid as string };
};
