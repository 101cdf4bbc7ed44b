import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { OpenApiDocuments } from '../src/http/openapi/openapi-documents';
import { openApiPath } from '../src/http/openapi/route-table';
import { http } from './support/http';
import { startTestServer, TestServer } from './support/test-server';

const TYPES_HEADER = '// Made by openapi-typescript from GET /v1/openapi.json: regenerate with `npm run api-types`, never edit by hand.\n';

/** Runs test/support/openapi-tools.mjs (ES-module-only tools) over the document. */
const openApiTool = (tool: 'validate' | 'types', document: object): string =>
  execFileSync(process.execPath, [join(__dirname, 'support/openapi-tools.mjs'), tool], { input: JSON.stringify(document), maxBuffer: 64 * 1024 * 1024 }).toString();

/**
 * What the SDKs call, read from their own endpoint lists (sharetribe-flex-sdk's src/endpoints.js, the
 * Integration SDK's endpointDefinitions), as `<method> <OpenAPI path>`.
 */
const sdkEndpoints = (): Set<string> => {
  const source = (file: string) => readFileSync(require.resolve(file), 'utf8');
  const marketplace = source('sharetribe-flex-sdk/src/endpoints.js');
  const section = (name: string) => marketplace.split(`export const ${name} = [`)[1].split('];')[0];
  const pairs = (text: string) => [...text.matchAll(/path: '([^']+)',\s*method: '(get|post)'/g)].map((m) => ({ path: m[1], method: m[2] }));
  const integration = [...source('sharetribe-flex-integration-sdk/src/integration_sdk.js').matchAll(/apiName: '(integration_api|auth)',\s*path: '([^']+)',[^}]*?method: '(get|post)'/g)];
  return new Set([
    ...pairs(section('marketplaceApi')).map((e) => `${e.method} /v1/api/${e.path}`),
    ...pairs(section('authApi')).map((e) => `${e.method} /v1/auth/${e.path}`),
    'get /v1/assets/pub/{clientId}/v/{version}/{path}',
    'get /v1/assets/pub/{clientId}/a/{alias}/{path}',
    ...integration.map((m) => `${m[3]} /v1/${m[1]}/${m[2]}`),
  ]);
};

/** GET /v1/openapi.json: a valid OpenAPI 3.1 document, served with its YAML twin and its reference page, describing exactly the routes the server has. */
describe('the API description', () => {
  let server: TestServer;
  let document: { paths: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    server = await startTestServer();
    document = (await http(server.baseUrl, '/v1/openapi.json')).body;
  });
  afterAll(() => server.close());

  it('validates as OpenAPI 3.1 with a standard validator', () => {
    const result = JSON.parse(openApiTool('validate', document));
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({ valid: true, version: '3.1' });
  });

  it('describes every route the server registered, and no route it does not have', () => {
    const registered = new Set(server.app.get(OpenApiDocuments).routes.map((r) => `${r.method} ${openApiPath(r.url)}`));
    const described = new Set(Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((verb) => `${verb.toUpperCase()} ${path}`)));
    expect([...registered].filter((r) => !described.has(r))).toEqual([]);
    expect([...described].filter((d) => !registered.has(d))).toEqual([]);
    expect(registered.size).toBeGreaterThan(140);
  });

  it('covers every endpoint both official SDKs call', () => {
    const described = new Set(Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((verb) => `${verb} ${path}`)));
    const called = [...sdkEndpoints()].filter((e) => !described.has(e));
    expect(called).toEqual([]);
    expect(sdkEndpoints().size).toBeGreaterThan(100);
  });

  /** `npm run api-types` writes them (UPDATE_API_TYPES=1); here they must equal a fresh generation, so they cannot drift. */
  it('has its TypeScript types committed as made from it (packages/api-types)', () => {
    const file = join(__dirname, '../packages/api-types/index.d.ts');
    const types = `${TYPES_HEADER}${openApiTool('types', document)}`;
    if (process.env.UPDATE_API_TYPES) writeFileSync(file, types);
    expect(readFileSync(file, 'utf8')).toBe(types);
  });

  it('serves the same document as YAML, and a reference page whose script is served here', async () => {
    const yaml = await http(server.baseUrl, '/v1/openapi.yaml');
    expect(yaml.headers.get('content-type')).toContain('application/yaml');
    expect(parse(yaml.text)).toEqual(document);
    const page = await http(server.baseUrl, '/docs/api');
    expect(page.text).toContain('data-url="/v1/openapi.json"');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await http(server.baseUrl, '/docs/api/standalone.js');
    expect(script.status).toBe(200);
    expect(script.text.length).toBeGreaterThan(100_000);
  });
});
