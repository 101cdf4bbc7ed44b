import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../../config';
import { errorEnvelope } from '../../http/error-envelope';
import type { FrontHandler, HttpListener } from '../../http/http-listener';
import type { ServedApplication } from '../../served-application';
import { apiError, ApiError } from '../../shared/api-error';
import { listSnapshots, readSnapshot, restoreSnapshot, saveSnapshot, SnapshotRefused, storeUnsupported } from '../snapshot-files';

const PREFIX = '/v1/emulator/snapshots';
const ROUTE = /^\/v1\/emulator\/snapshots(?:\/([^/]+)\/(save|restore))?\/?$/;

/** Why this server has no snapshot controls over HTTP, or null when it has them. */
export const snapshotsUnavailable = (config: Config): string | null => {
  const store = storeUnsupported(config);
  if (store) return store;
  if (config.stripeSecretKey) return 'Snapshots are for development: this server takes payments through Stripe (STRIPE_SECRET_KEY is set).';
  if (!config.emulatorSnapshots) return 'Snapshots are turned off on this server (EMULATOR_SNAPSHOTS=off).';
  return null;
};

/** A name with bad percent-encoding is left as it came: checkSnapshotName refuses it in a clear line. */
const safelyDecoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const send = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }).end(JSON.stringify(body));
};

const sendError = (response: ServerResponse, error: ApiError): void => send(response, error.status, errorEnvelope(error));

/**
 * The HTTP form of `emulator snapshot` for test runners that cannot call the CLI: `GET /v1/emulator/snapshots`,
 * `POST /v1/emulator/snapshots/<name>/save`, `POST /v1/emulator/snapshots/<name>/restore`. Answered by the
 * listener, before and apart from the application, because a restore replaces the application (served-application.ts):
 * the answer goes once the restored store serves. Development only: on a production store, with Stripe, or with
 * EMULATOR_SNAPSHOTS=off every call is refused (403) and nothing is touched.
 */
export const snapshotControls = (config: Config, listener: HttpListener, served: () => ServedApplication): FrontHandler => {
  const unavailable = snapshotsUnavailable(config);
  const run = async (response: ServerResponse, name: string, action: 'save' | 'restore'): Promise<void> => {
    const started = performance.now();
    try {
      const snapshot = await listener.exclusive(async () => {
        const application = served();
        if (action === 'restore') {
          // An unknown name is refused before the application closes.
          readSnapshot(config.dataDir, name);
          let restored!: ReturnType<typeof restoreSnapshot>;
          await application.reopen(() => {
            restored = restoreSnapshot(config.dataDir, name);
          });
          return restored;
        }
        // A point between commands, with the reactors' mails and the due jobs of what was committed done.
        await application.infra.background?.idle();
        return saveSnapshot(config.dataDir, name, new Date());
      });
      send(response, 200, { data: snapshot, meta: { ms: Math.round(performance.now() - started) } });
    } catch (error) {
      if (!(error instanceof SnapshotRefused)) throw error;
      const known = /^No snapshot/.test(error.message);
      sendError(response, apiError(known ? 404 : 400, known ? 'not-found' : 'bad-request', error.message));
    }
  };
  return (request: IncomingMessage, response: ServerResponse): boolean => {
    const path = (request.url ?? '').split('?')[0];
    if (!path.startsWith(PREFIX)) return false;
    const match = ROUTE.exec(path);
    if (!match) return false;
    if (unavailable) {
      sendError(response, apiError(403, 'forbidden', unavailable));
      return true;
    }
    const [, name, action] = match;
    const expected = action ? 'POST' : 'GET';
    if (request.method !== expected) {
      response.setHeader('allow', expected);
      sendError(response, apiError(405, 'method-not-allowed', `${path} takes ${expected}.`));
      return true;
    }
    // The body, if any, is not read: everything is in the path.
    request.resume();
    if (!action) send(response, 200, { data: listSnapshots(config.dataDir) });
    else
      run(response, safelyDecoded(name), action as 'save' | 'restore').catch((error: unknown) => {
        console.error(error);
        sendError(response, apiError(500, 'internal-server-error', 'The snapshot could not be taken or restored; see the server log.'));
      });
    return true;
  };
};
