/** Token scopes of the Authentication API: what a session was started for and what its access tokens may do. */
export type Scope = 'public-read' | 'user' | 'trusted:user' | 'integ';
