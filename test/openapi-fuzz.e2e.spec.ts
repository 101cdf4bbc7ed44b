import fc from 'fast-check';
import { OpenApiDocuments } from '../src/http/openapi/openapi-documents';
import type { OpenApiDocument } from '../src/http/openapi/openapi-document';
import { userAndIntegrationTokens } from './support/api-tokens';
import { bearer, http } from './support/http';
import { arbitraryOf } from './support/schema-arbitrary';
import { startTestServer, TestServer } from './support/test-server';

/**
 * Schema-driven fuzzing: for every operation of the four APIs in the API description, fast-check generates
 * requests from the operation's own parameter and body schemas (mostly conforming, some arbitrary JSON bodies) and
 * sends them. Every answer must be below 500, and every error in the envelope; the test server also checks each
 * answer against the document (test/support/answer-check.ts). FUZZ_RUNS (default 3 per operation) and FUZZ_SEED
 * make a longer or a repeated run: `FUZZ_RUNS=200 npx jest test/openapi-fuzz.e2e.spec.ts --selectProjects embedded`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);

/** The four APIs; the service routes (console, emulator, storage links, health) have tests of their own. */
const API_PATH = /^\/v1\/(api|integration_api|auth|assets\/pub|images)\//;
/**
 * Deleting the fuzzing user would leave every later request unauthenticated; the live event stream answers until
 * the client leaves (test/events-stream.e2e.spec.ts covers its parameters).
 */
const SKIPPED = new Set(['post /v1/api/current_user/delete', 'get /v1/integration_api/x-events/stream']);

type Schema = Record<string, any>;
interface Parameter {
  name: string;
  in: 'query' | 'path';
  required?: boolean;
  schema: Schema;
  explode?: boolean;
}

describe('fuzz: schema-driven requests to every operation of the API description', () => {
  let server: TestServer;
  let tokens: { userToken: string; integToken: string };
  let document: OpenApiDocument;

  beforeAll(async () => {
    server = await startTestServer();
    tokens = await userAndIntegrationTokens(server, 'schema-fuzz@example.com');
    document = server.app.get(OpenApiDocuments).get().value;
  });
  afterAll(() => server.close());

  const resolve = (ref: string): Schema => ref.split('/').slice(1).reduce((node: any, key) => node[key], document);

  const requestOf = (operation: Schema) => {
    const parameters = (operation.parameters ?? []) as Parameter[];
    const paramsOf = (where: Parameter['in']) =>
      fc.record(
        Object.fromEntries(parameters.filter((p) => p.in === where).map((p) => [p.name, arbitraryOf(p.schema, resolve)])),
        { requiredKeys: parameters.filter((p) => p.in === where && (p.required || where === 'path')).map((p) => p.name) },
      );
    const content = operation.requestBody?.content ?? {};
    const type = Object.keys(content)[0];
    const body = type ? fc.oneof({ weight: 4, arbitrary: arbitraryOf(content[type].schema, resolve) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) }) : fc.constant(undefined);
    return fc.record({ query: paramsOf('query'), path: paramsOf('path'), body, type: fc.constant(type) });
  };

  const send = (verb: string, template: string, request: { query: Record<string, unknown>; path: Record<string, unknown>; body: unknown; type?: string }) => {
    const path = template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(request.path[name] || 'x')));
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(request.query)) {
      // An exploded object parameter (extended-data filters) is its keys; anything else one key.
      if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) query.append(k, String(v));
      else if (value !== undefined) query.append(key, String(value));
    }
    const token = template.startsWith('/v1/integration_api/') ? tokens.integToken : template.startsWith('/v1/api/') ? tokens.userToken : null;
    const headers: Record<string, string> = { accept: 'application/json', ...(token ? bearer(token) : {}) };
    let body: string | undefined;
    if (verb !== 'get' && request.type === 'application/x-www-form-urlencoded' && request.body && typeof request.body === 'object') {
      headers['content-type'] = request.type;
      body = new URLSearchParams(Object.entries(request.body).map(([k, v]): [string, string] => [k, String(v)])).toString();
    } else if (verb !== 'get' && request.type && !request.type.startsWith('multipart/')) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body ?? {});
    }
    return http(server.baseUrl, `${path}${query.size > 0 ? `?${query}` : ''}`, { method: verb.toUpperCase(), headers, body });
  };

  it('answers every generated request below 500, every error in the envelope', async () => {
    const failures: string[] = [];
    let operations = 0;
    for (const [template, item] of Object.entries(document.paths)) {
      if (!API_PATH.test(template)) continue;
      for (const [verb, operation] of Object.entries(item)) {
        if (SKIPPED.has(`${verb} ${template}`)) continue;
        operations += 1;
        const property = fc.asyncProperty(requestOf(operation as Schema), async (request) => {
          const answer = await send(verb, template, request);
          const item = answer.body?.errors?.[0];
          if (answer.status >= 500 || (answer.status >= 400 && (item?.status !== answer.status || typeof item?.code !== 'string')))
            throw new Error(`${answer.status} ${answer.text.slice(0, 200)}`);
        });
        await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: true }).catch((error: Error) => {
          const lines = error.message.split('\n');
          failures.push(`${verb.toUpperCase()} ${template}: ${(error.cause as Error | undefined)?.message ?? ''} ← ${lines.find((l) => l.startsWith('Counterexample'))}`);
        });
      }
    }
    expect(operations).toBeGreaterThan(120);
    expect(failures).toEqual([]);
  }, 20_000 + RUNS * 5_000);
});
