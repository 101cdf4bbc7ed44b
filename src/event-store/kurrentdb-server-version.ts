/**
 * The oldest KurrentDB this service runs on: 25.1 brought multi-stream appends (`multiStreamAppend`), which every
 * decision over several streams (sign-up, marketplace creation, guards) needs. An older server would only fail at
 * the first such command (the client's UnsupportedError, a 500), so start-up refuses it instead.
 */
export const MINIMUM_KURRENTDB = { major: 25, minor: 1 } as const;

/** Throws a message for the operator when `version` (as the server reports it) is older than 25.1 or unknown. */
export const checkKurrentDbVersion = (version: string, where = 'EVENTSTORE_URL'): void => {
  const match = /^(\d+)\.(\d+)/.exec(version.trim());
  const needed = `${MINIMUM_KURRENTDB.major}.${MINIMUM_KURRENTDB.minor}`;
  if (!match) {
    throw new Error(
      `The event store at ${where} does not report its version ("${version}"): this service needs KurrentDB ${needed} or later ` +
        '(EventStoreDB releases are older and lack multi-stream appends).',
    );
  }
  const [major, minor] = [Number(match[1]), Number(match[2])];
  if (major < MINIMUM_KURRENTDB.major || (major === MINIMUM_KURRENTDB.major && minor < MINIMUM_KURRENTDB.minor)) {
    throw new Error(`The event store at ${where} runs version ${version}: this service needs KurrentDB ${needed} or later (multi-stream appends). Upgrade the server.`);
  }
};
