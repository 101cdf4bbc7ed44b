import { bearer, form, http } from './http';
import type { TestServer } from './test-server';

/** A signed-up user's token and an Integration API token of the test server's marketplace, for suites that call every endpoint. */
export const userAndIntegrationTokens = async (server: TestServer, email: string): Promise<{ userToken: string; integToken: string }> => {
  const { marketplaceClient, integrationClient } = server.marketplace;
  const token = (fields: Record<string, string>) => http(server.baseUrl, '/v1/auth/token', form(fields));
  const anonymous = (await token({ client_id: marketplaceClient.clientId, grant_type: 'client_credentials', scope: 'public-read' })).body.access_token;
  const created = await http(server.baseUrl, '/v1/api/current_user/create', {
    method: 'POST',
    headers: bearer(anonymous, { 'content-type': 'application/json', accept: 'application/json' }),
    body: JSON.stringify({ email, password: 'secret-password', firstName: 'F', lastName: 'Z' }),
  });
  if (created.status !== 200) throw new Error(`sign-up failed: ${created.text}`);
  const userToken = (await token({ client_id: marketplaceClient.clientId, grant_type: 'password', username: email, password: 'secret-password', scope: 'user' })).body.access_token;
  const integToken = (await token({ client_id: integrationClient.clientId, client_secret: integrationClient.clientSecret, grant_type: 'client_credentials', scope: 'integ' })).body.access_token;
  await server.idle();
  return { userToken, integToken };
};
