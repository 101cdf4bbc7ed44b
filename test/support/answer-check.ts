import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '../../src/http/openapi/openapi-document';
import { openApiPath } from '../../src/http/openapi/route-table';
import { decodeTransit } from '../../src/http/transit';
import type { Answer } from '../../src/server';

/**
 * Checks every answer a test server sends against the API description (GET /v1/openapi.json): the operation of
 * the answer's route, the response of its status (exact, then `4XX`/`5XX`), its JSON schema. Transit answers are
 * decoded with the server's own reader into the JSON form the schemas describe. Violations are collected; the
 * test server fails the suite with them when it closes (test/support/test-server.ts).
 */
/** The validators made from one document: shared by every test server of a jest worker (each made the same one). */
interface Compiled {
  /** Full views, and sparse ones (`fields.<type>`: any attributes may be left out). */
  ajv: { full: Ajv2020; sparse: Ajv2020 };
  validators: Map<string, ValidateFunction | null>;
  /** What compiling found wrong in the document (an undescribed route or status), said again to each server's check. */
  problems: Map<string, string>;
}
const compiledByDocument = new Map<string, Compiled>();

export class AnswerCheck {
  readonly violations: string[] = [];
  private compiled?: Compiled;
  private documentValue?: OpenApiDocument;

  constructor(private readonly described: () => { json: string; value: OpenApiDocument }) {}

  private get shared(): Compiled {
    if (!this.compiled) {
      const { json, value } = this.described();
      this.documentValue = value;
      let compiled = compiledByDocument.get(json);
      if (!compiled) {
        compiled = { ajv: { full: addFormats(new Ajv2020({ strict: false })), sparse: addFormats(new Ajv2020({ strict: false })) }, validators: new Map(), problems: new Map() };
        compiledByDocument.set(json, compiled);
      }
      this.compiled = compiled;
    }
    return this.compiled;
  }

  private document(): OpenApiDocument {
    void this.shared;
    return this.documentValue!;
  }

  check(answer: Answer): void {
    const type = answer.contentType.split(';')[0].trim();
    if (type !== 'application/json' && type !== 'application/transit+json') return;
    const validate = this.validatorFor(answer, type, /[?&]fields\./.test(answer.url) ? 'sparse' : 'full');
    if (!validate) return;
    let body: unknown;
    try {
      body = JSON.parse(JSON.stringify(type === 'application/json' ? JSON.parse(answer.body) : decodeTransit(answer.body)));
    } catch (error) {
      this.violations.push(`${answer.method} ${answer.url} ${answer.status}: not ${type} (${String(error)})`);
      return;
    }
    if (!validate(body))
      this.violations.push(`${answer.method} ${answer.url} ${answer.status}: ${this.shared.ajv.full.errorsText(validate.errors, { dataVar: 'answer' })} — ${answer.body.slice(0, 300)}`);
  }

  private validatorFor(answer: Answer, type: string, view: 'full' | 'sparse'): ValidateFunction | null {
    const path = answer.route ? openApiPath(answer.route) : null;
    const key = `${answer.method} ${path} ${answer.status} ${type} ${view}`;
    const { validators, problems } = this.shared;
    if (!validators.has(key)) {
      const before = this.violations.length;
      validators.set(key, this.compile(answer, path, type, view));
      if (this.violations.length > before) problems.set(key, this.violations[this.violations.length - 1]);
    } else if (problems.has(key)) this.violations.push(problems.get(key)!);
    return validators.get(key)!;
  }

  private compile(answer: Answer, path: string | null, type: string, view: 'full' | 'sparse'): ValidateFunction | null {
    const document = this.document();
    const ajv = this.shared.ajv[view];
    if (!ajv.getSchema('openapi')) ajv.addSchema({ $id: 'openapi', components: view === 'full' ? document.components : sparse(document.components) }, 'openapi');
    // Outside any route (404, a malformed request): the error envelope.
    if (!path) return answer.status >= 400 ? ajv.compile({ $ref: 'openapi#/components/schemas/ErrorEnvelope' }) : null;
    const operation = document.paths[path]?.[answer.method.toLowerCase()] as { responses: Record<string, { $ref?: string; content?: Record<string, { schema: object }> }> } | undefined;
    if (!operation) {
      this.violations.push(`${answer.method} ${path}: no operation in the document`);
      return null;
    }
    const status = String(answer.status);
    let response = operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    if (!response) {
      this.violations.push(`${answer.method} ${path}: status ${status} is not described`);
      return null;
    }
    if (response.$ref) response = (document.components.responses as Record<string, typeof response>)[response.$ref.split('/').pop()!];
    const schema = response.content?.[type]?.schema;
    if (!schema) {
      this.violations.push(`${answer.method} ${path} ${status}: ${type} is not described`);
      return null;
    }
    return ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/')));
  }
}

/**
 * The components as `fields.<type>` leaves them: every attribute optional (nested ones too: `profile.displayName`),
 * and a requested attribute the type does not have is there as null (src/http/envelope.ts, pickFields).
 */
const sparse = (components: OpenApiDocument['components']): OpenApiDocument['components'] => {
  const copy = JSON.parse(JSON.stringify(components)) as OpenApiDocument['components'];
  const optional = (schema: unknown): void => {
    if (typeof schema !== 'object' || schema === null) return;
    delete (schema as { required?: unknown }).required;
    if ((schema as { additionalProperties?: unknown }).additionalProperties === false) (schema as { additionalProperties?: unknown }).additionalProperties = { type: 'null' };
    Object.values(schema).forEach(optional);
  };
  for (const [name, schema] of Object.entries(copy.schemas)) if (name.startsWith('Resource.')) optional((schema as { properties: { attributes: unknown } }).properties.attributes);
  return copy;
};
