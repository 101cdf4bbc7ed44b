/**
 * The few HTTP calls a bench makes to set things up (tokens, sign-ups) or to capture one answer, over the
 * wire like any client. Any answer but the expected one throws with the status and the body.
 */

export const TRANSIT = 'application/transit+json';
export const JSON_TYPE = 'application/json';

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  token?: string;
  accept?: string;
  contentType?: string;
  body?: string;
  /** The status that counts as success (default 200). */
  expect?: number;
}

export const call = async (baseUrl: string, path: string, options: CallOptions = {}): Promise<Answer> => {
  const headers: Record<string, string> = { accept: options.accept ?? JSON_TYPE };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.contentType) headers['content-type'] = options.contentType;
  const res = await fetch(`${baseUrl}${path}`, { method: options.method ?? 'GET', headers, body: options.body });
  const answer = { status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() };
  const expected = options.expect ?? 200;
  if (answer.status !== expected)
    throw new Error(`${options.method ?? 'GET'} ${path}: expected ${expected}, got ${answer.status}: ${answer.body.slice(0, 500)}`);
  return answer;
};

/** POST /v1/auth/token with a form; returns the access token. */
export const requestToken = async (baseUrl: string, form: Record<string, string>): Promise<string> => {
  const answer = await call(baseUrl, '/v1/auth/token', {
    method: 'POST',
    contentType: 'application/x-www-form-urlencoded',
    body: new URLSearchParams(form).toString(),
  });
  return (JSON.parse(answer.body) as { access_token: string }).access_token;
};

/** The marketplace client's anonymous token (what an SDK uses before login). */
export const anonymousToken = (baseUrl: string, clientId: string): Promise<string> =>
  requestToken(baseUrl, { client_id: clientId, grant_type: 'client_credentials', scope: 'public-read' });

/** A user's token (password grant of the marketplace client). */
export const userToken = (baseUrl: string, clientId: string, username: string, password: string): Promise<string> =>
  requestToken(baseUrl, { client_id: clientId, grant_type: 'password', username, password, scope: 'user' });

/** The Integration API token (client credentials with the secret). */
export const integrationToken = (baseUrl: string, clientId: string, clientSecret: string): Promise<string> =>
  requestToken(baseUrl, { client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials', scope: 'integ' });

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Signs a user up (current_user/create, JSON body) with an anonymous token; returns the user's id. */
export const signUp = async (baseUrl: string, anonToken: string, user: NewUser): Promise<string> => {
  const answer = await call(baseUrl, '/v1/api/current_user/create', {
    method: 'POST',
    token: anonToken,
    contentType: JSON_TYPE,
    body: JSON.stringify(user),
  });
  return (JSON.parse(answer.body) as { data: { id: string } }).data.id;
};

/** Signs a user up and logs them in; returns the user token. */
export const signUpAndLogIn = async (baseUrl: string, marketplaceClientId: string, anonToken: string, user: NewUser) => {
  const userId = await signUp(baseUrl, anonToken, user);
  return { userId, token: await userToken(baseUrl, marketplaceClientId, user.email, user.password) };
};
