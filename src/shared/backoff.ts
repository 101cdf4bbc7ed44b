/** The pause before retry number `attempt` (1 = after the first failure): `initialMs`, doubled each time, at most `maxMs`. */
export const backoffDelay = (attempt: number, initialMs: number, maxMs: number): number => Math.min(maxMs, initialMs * 2 ** (attempt - 1));
