import { problemOf, readJson } from './problems';

/** What /console/api/session answers: who is signed in, where they may act, and the CSRF token for writes. */
export interface ConsoleSession {
  operator: { id: string; email: string };
  marketplaces: { id: string; name: string | null }[];
  csrfToken: string;
  expiresAt: string;
}

const MARKETPLACE_KEY = 'console.marketplace';
let session: ConsoleSession | null = null;
let token: { marketplaceId: string; accessToken: string; renewAt: number } | null = null;

const call = async <T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown; csrf?: boolean } = {}): Promise<T> => {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.csrf && session) headers['x-csrf-token'] = session.csrfToken;
  const res = await fetch(`/console/api/${path}`, {
    method: init.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = await readJson(res);
  if (!res.ok) throw problemOf(res.status, body);
  return (body as { data: T } | null)?.data as T;
};

export const signIn = async (email: string, password: string): Promise<ConsoleSession> => {
  session = await call<ConsoleSession>('sign-in', { method: 'POST', body: { email, password } });
  token = null;
  return session;
};

/** The session the cookie names, read once per page load; null when signed out. */
export const currentSession = async (): Promise<ConsoleSession | null> => {
  if (session) return session;
  try {
    session = await call<ConsoleSession>('session');
  } catch (error) {
    if ((error as { status?: number }).status === 401) return null;
    throw error;
  }
  return session;
};

export const signOut = async (): Promise<void> => {
  try {
    if (session) await call('sign-out', { method: 'POST', body: {}, csrf: true });
  } finally {
    session = null;
    token = null;
  }
};

/** The marketplace the console acts in: the one chosen in this tab, else the operator's first. */
export const chosenMarketplace = (): string | null => {
  const ids = session?.marketplaces.map((m) => m.id) ?? [];
  const chosen = sessionStorage.getItem(MARKETPLACE_KEY);
  return chosen && ids.includes(chosen) ? chosen : (ids[0] ?? null);
};

export const chooseMarketplace = (id: string): void => {
  sessionStorage.setItem(MARKETPLACE_KEY, id);
  token = null;
};

/** An Integration API token for the chosen marketplace, minted for this session and renewed before it expires. */
export const accessToken = async (renew = false): Promise<string> => {
  const marketplaceId = chosenMarketplace();
  if (!marketplaceId) throw problemOf(403, { errors: [{ status: 403, code: 'forbidden', title: 'No marketplace', details: 'This operator may use no marketplace.' }] });
  if (!renew && token && token.marketplaceId === marketplaceId && Date.now() < token.renewAt) return token.accessToken;
  const minted = await call<{ accessToken: string; expiresIn: number }>('token', { method: 'POST', body: { marketplaceId }, csrf: true });
  token = { marketplaceId, accessToken: minted.accessToken, renewAt: Date.now() + (minted.expiresIn * 1000) / 2 };
  return minted.accessToken;
};
