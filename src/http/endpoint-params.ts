import type { ApiRequest, ValidParams } from './api-request';
import type { EndpointSpec } from './endpoint.decorators';
import { dtoSchema, type ParamsClass } from './openapi/dto-schema';
import { validateParams } from './validation';

const namedBy = new WeakMap<ParamsClass, ReadonlySet<string>>();
const propertiesOf = (dto: ParamsClass): ReadonlySet<string> => {
  let names = namedBy.get(dto);
  if (!names) namedBy.set(dto, (names = new Set(Object.keys(dtoSchema(dto).properties))));
  return names;
};

/** Validates the query (then the body) by the declared classes: the guard's last step, before the handler runs. */
export const validateEndpointParams = (spec: EndpointSpec, query: Record<string, string>, body: unknown): ValidParams => {
  const prefixes = spec.filterPrefixes ?? [];
  const own = Object.fromEntries(
    Object.entries(query).filter(
      ([key]) => !prefixes.some((p) => key.startsWith(p)) && (!spec.ignoresUnknownQuery || propertiesOf(spec.query).has(key)),
    ),
  );
  const bodyClass = spec.body === 'multipart' ? undefined : spec.body;
  return {
    query: spec.readQuery ? spec.readQuery(own) : validateParams(spec.query, own, 'query'),
    body: bodyClass ? validateParams(bodyClass, body, 'body') : undefined,
    declared: { query: spec.query, body: bodyClass },
  };
};

/** A programming error, not bad input: the handler reads a class its decorator does not declare. */
const undeclared = (what: string, dto: ParamsClass) => new Error(`The endpoint reads its ${what} as ${dto.name}, which its decorator does not declare.`);

/** The query parameters the guard validated, typed by the declared class (which `dto` must be). */
export const queryOf = <T extends object>(api: ApiRequest, dto: new () => T): T => {
  if (api.params?.declared.query !== dto) throw undeclared('query', dto);
  return api.params.query as T;
};

/** The body the guard validated, typed by the declared class (which `dto` must be). */
export const bodyOf = <T extends object>(api: ApiRequest, dto: new () => T): T => {
  if (api.params?.declared.body !== dto) throw undeclared('body', dto);
  return api.params.body as T;
};
