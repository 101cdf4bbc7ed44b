import type { AuthProvider } from 'react-admin';
import { currentSession, signIn, signOut } from './session';

/** react-admin's auth over the console session: the cookie is the session, the page never sees it. */
export const authProvider: AuthProvider = {
  login: async ({ username, password }: { username: string; password: string }) => {
    await signIn(username, password);
  },
  logout: async () => {
    await signOut().catch(() => undefined);
  },
  checkAuth: async () => {
    if (!(await currentSession())) throw new Error('Sign in first.');
  },
  // 401: the session ended (signed out elsewhere, revoked, expired): back to the sign-in page. 403 stays a message.
  checkError: async (error: { status?: number }) => {
    if (error?.status === 401) throw new Error('The session has ended.');
  },
  getIdentity: async () => {
    const session = await currentSession();
    if (!session) throw new Error('Not signed in.');
    return { id: session.operator.id, fullName: session.operator.email };
  },
  getPermissions: async () => undefined,
};
