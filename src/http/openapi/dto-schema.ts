import { getMetadataStorage } from 'class-validator';
import { CONSTRAINT_SCHEMAS, type JsonSchema } from '../validation';
import { nullable } from './resource-schema';

/** A request DTO: a class whose class-validator decorators are the endpoint's parameter rules. */
export type ParamsClass = new () => object;

type Fragment = (constraints: unknown[]) => JsonSchema;

/** class-validator's own decorators, as the JSON Schema (2020-12) keywords that accept exactly what they accept. */
const BUILT_IN: Record<string, Fragment> = {
  isDefined: () => ({}),
  isString: () => ({ type: 'string' }),
  isBoolean: () => ({ type: 'boolean' }),
  isInt: () => ({ type: 'integer' }),
  isObject: () => ({ type: 'object', additionalProperties: true }),
  isArray: () => ({ type: 'array' }),
  isEmail: () => ({ format: 'email' }),
  isIn: ([values]) => ({ enum: values }),
  notEquals: ([value]) => ({ not: { const: value } }),
  matches: ([pattern]) => ({ pattern: pattern instanceof RegExp ? pattern.source : String(pattern) }),
  maxLength: ([max]) => ({ maxLength: max }),
  isLength: ([min, max]) => ({ minLength: min, ...(max !== undefined ? { maxLength: max } : {}) }),
  min: ([min]) => ({ minimum: min }),
  max: ([max]) => ({ maximum: max }),
  arrayMaxSize: ([max]) => ({ maxItems: max }),
};

interface Rule {
  type: string;
  name?: string;
  propertyName: string;
  constraints?: unknown[];
  each?: boolean;
}

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords of several decorators on one property, merged (nested keywords merge too: `properties.amount`). */
const merge = (a: JsonSchema, b: JsonSchema): JsonSchema => {
  const out: JsonSchema = { ...a };
  for (const [key, value] of Object.entries(b)) out[key] = isObject(out[key]) && isObject(value) ? merge(out[key] as JsonSchema, value) : value;
  return out;
};

const fragmentOf = (owner: string, rule: Rule): JsonSchema => {
  const name = rule.name ?? rule.type;
  const own = CONSTRAINT_SCHEMAS.get(name);
  const built = BUILT_IN[name]?.(rule.constraints ?? []);
  const fragment = own ?? built;
  // A decorator without a description would make the document claim less than the server checks: refuse to build.
  if (!fragment) throw new Error(`No JSON Schema for the constraint ${name} of ${owner}.${rule.propertyName}: give it one (src/http/openapi/dto-schema.ts or constraint()).`);
  return rule.each ? { items: fragment } : fragment;
};

export type DtoSchema = JsonSchema & { properties: Record<string, JsonSchema>; required: string[] };

/**
 * The JSON Schema of a DTO class, read from class-validator's metadata: the very rules `validateParams` applies.
 * `@IsOptional()` lets null through (it skips validation for null), so such a property is nullable; a property
 * with `@IsDefined()` and no condition is required; unknown keys are refused (`forbidNonWhitelisted`).
 */
export const dtoSchema = (dto: ParamsClass): DtoSchema => {
  const rules = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false) as unknown as Rule[];
  const byProperty = new Map<string, Rule[]>();
  for (const rule of rules) byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [property, own] of byProperty) {
    const conditional = own.filter((r) => r.type === 'conditionalValidation');
    const checks = own.filter((r) => r.type !== 'conditionalValidation' && r.type !== 'whitelistValidation');
    const schema = checks.reduce<JsonSchema>((s, rule) => merge(s, fragmentOf(dto.name, rule)), {});
    properties[property] = conditional.some((r) => r.name === 'isOptional') ? nullable(schema) : schema;
    if (conditional.length === 0 && checks.some((r) => (r.name ?? r.type) === 'isDefined')) required.push(property);
  }
  return { type: 'object', title: dto.name, properties, required, additionalProperties: false };
};
