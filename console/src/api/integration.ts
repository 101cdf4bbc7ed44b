import { accessToken } from './session';
import { problemOf, readJson } from './problems';

export type Params = Record<string, string | number | boolean | undefined | null>;

/** A resource of the Integration API's JSON envelope. */
export interface ApiResource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string; type: string } | { id: string; type: string }[] | null }>;
}

export interface ApiEnvelope<T = ApiResource | ApiResource[]> {
  data: T;
  included?: ApiResource[];
  meta?: Record<string, unknown>;
}

const query = (params: Params = {}) => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
};

/**
 * One Integration API call with the session's token, in plain JSON. A 401 gets one new token (it may have just
 * expired); a second 401 means the session ended, which react-admin turns into the sign-in page.
 */
export const integration = async <T = ApiResource | ApiResource[]>(path: string, params?: Params, body?: unknown): Promise<ApiEnvelope<T>> => {
  const send = async (token: string) =>
    fetch(`/v1/integration_api/${path}${query(params)}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let res = await send(await accessToken());
  if (res.status === 401) res = await send(await accessToken(true));
  const answer = await readJson(res);
  if (!res.ok) throw problemOf(res.status, answer);
  return answer as ApiEnvelope<T>;
};

/** A record for react-admin: the id and the attributes side by side, the relationships kept. */
export const recordOf = (r: ApiResource) => ({ ...r.attributes, id: r.id, type: r.type, relationships: r.relationships ?? {} });
