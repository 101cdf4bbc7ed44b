import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, registerDecorator, ValidateIf, ValidationError, ValidationOptions, validateSync } from 'class-validator';
import { ApiError, ErrorItem, invalidValueItem, titleFor } from '../shared/api-error';
import { isUuid, LatLng, Money } from '../shared/values';

type Location = 'body' | 'query';

/** class-validator constraint → the spec's validation code. */
const codeFor = (constraint: string): string => {
  if (constraint === 'whitelistValidation') return 'validation-disallowed-key';
  if (constraint === 'isDefined') return 'validation-missing-key';
  return 'validation-invalid-value';
};

const flatten = (errors: ValidationError[], location: Location, parent: string[] = []): ErrorItem[] =>
  errors.flatMap((e) => {
    const path = [...parent, e.property];
    const own = Object.entries(e.constraints ?? {})
      // A missing key reports only that it is missing, not every other rule it then fails.
      .filter(([constraint], _i, all) => !all.some(([c]) => c === 'isDefined') || constraint === 'isDefined')
      .slice(0, 1)
      .map(([constraint, message]) => {
        const code = codeFor(constraint);
        return { status: 400, code, title: titleFor(code), details: message, source: { path, type: location } };
      });
    return [...own, ...flatten(e.children ?? [], location, path)];
  });

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** NUL and UTF-16 halves without their pair: no store keeps them faithfully (PostgreSQL, Elasticsearch, UTF-8). */
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Refuses, anywhere in the parameters (extended data included), text that cannot be stored as given and keys
 * that name Object.prototype's members (`__proto__`, `constructor`, `toString`…), which a class-based whitelist
 * cannot tell from declared properties. Iterative: the body's depth is already bounded by the parser.
 */
const refuseUnsafeText = (input: Record<string, unknown>, location: Location): void => {
  const stack: Array<[unknown, string[]]> = [[input, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSAFE_TEXT.test(value)) throw new ApiError(invalidValueItem(path, location, `${path.join('.') || 'value'} contains a NUL character or an unpaired UTF-16 surrogate`));
    } else if (Array.isArray(value)) value.forEach((v, i) => stack.push([v, [...path, String(i)]]));
    else if (isPlainObject(value)) {
      for (const key of Object.keys(value)) {
        if (path.length === 0 && key in Object.prototype) {
          const code = 'validation-disallowed-key';
          throw new ApiError({ status: 400, code, title: titleFor(code), details: `property ${key} should not exist`, source: { path: [key], type: location } });
        }
        if (UNSAFE_TEXT.test(key)) throw new ApiError(invalidValueItem([...path, key], location, 'A key contains a NUL character or an unpaired UTF-16 surrogate'));
        stack.push([value[key], [...path, key]]);
      }
    }
  }
};

/**
 * Absent is fine; null is validated (and refused) like any other value. `@IsOptional()` lets null through, which
 * suits only keys where null means something (a description removed); elsewhere a handler would meet a null it
 * does not expect (the schema-driven fuzzer found two: test/openapi-fuzz.e2e.spec.ts).
 */
export const Optional = () => ValidateIf((_o, v) => v !== undefined);

/** The parameters of an endpoint that takes none of its own: any other key is `validation-disallowed-key`. */
export class NoParams {}

const withoutRules = new WeakMap<object, boolean>();
/** A class with no validation rule at all, which an empty input always satisfies. */
const declaresNothing = (dto: new () => object): boolean => {
  let nothing = withoutRules.get(dto);
  if (nothing === undefined) withoutRules.set(dto, (nothing = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false).length === 0));
  return nothing;
};

/**
 * Validates request parameters against a DTO class: unknown keys are disallowed, required keys missing, values
 * invalid, each with `source.path`. Returns the DTO with transformed values (Money, LatLng, Date).
 */
export const validateParams = <T extends object>(dto: new () => T, input: unknown, location: Location): T => {
  if (input === undefined || input === null) input = {};
  if (!isPlainObject(input)) {
    throw new ApiError({
      status: 400,
      code: 'validation-invalid-params',
      title: titleFor('validation-invalid-params'),
      details: `The ${location} must be a map of parameters.`,
    });
  }
  refuseUnsafeText(input, location);
  const empty = Object.keys(input).length === 0;
  // Most reads take no parameters and declare none (NoParams): nothing to check (class-validator's metadata lookup
  // alone was 4% of marketplace/show).
  if (empty && declaresNothing(dto)) return new dto();
  // An empty input needs no transformation, only the missing-key checks.
  const instance = empty ? Object.assign(new dto(), input) : plainToInstance(dto, input, { enableImplicitConversion: false });
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: false });
  if (errors.length > 0) throw new ApiError(flatten(errors, location));
  return instance;
};

/**
 * What each custom constraint accepts, as JSON Schema (2020-12), for the API description: kept beside the
 * predicate, so a decorator cannot exist without its description (src/http/openapi/dto-schema.ts reads this).
 */
export const CONSTRAINT_SCHEMAS = new Map<string, JsonSchema>();
export type JsonSchema = Record<string, unknown>;

/** A property decorator from a predicate: `${property} ${message}` when it fails; `schema` describes what passes. */
export const constraint = (name: string, test: (value: unknown) => boolean, message: string, schema: JsonSchema) => {
  CONSTRAINT_SCHEMAS.set(name, schema);
  return (options?: ValidationOptions): PropertyDecorator =>
    (target: object, propertyName: string | symbol) =>
      registerDecorator({
        name,
        target: target.constructor,
        propertyName: String(propertyName),
        options: { message: `${String(propertyName)} ${message}`, ...options },
        validator: { validate: (value: unknown) => test(value) },
      });
};

export const UUID_SCHEMA: JsonSchema = { type: 'string', format: 'uuid' };
export const MONEY_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { amount: { type: 'integer' }, currency: { type: 'string', pattern: '^[A-Z]{3}$' } },
  required: ['amount', 'currency'],
  additionalProperties: false,
};
export const LAT_LNG_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { lat: { type: 'number', minimum: -90, maximum: 90 }, lng: { type: 'number', minimum: -180, maximum: 180 } },
  required: ['lat', 'lng'],
  additionalProperties: false,
};
export const TIMESTAMP_SCHEMA: JsonSchema = { type: 'string', format: 'date-time' };

export const IsUuidString = constraint('isUuidString', isUuid, 'must be a UUID', UUID_SCHEMA);

/**
 * An absolute http(s) URL a browser may be sent to: no `javascript:` or other scheme, no scheme-relative
 * `//host`, and no whitespace or control character (a CR/LF would split the Location header it ends up in;
 * WHATWG URL parsing would silently drop them instead of refusing).
 */
export const isHttpUrl = (value: unknown): boolean => {
  if (typeof value !== 'string' || value.length > 2048 || /[\s\u0000-\u001f\u007f]/.test(value)) return false;
  if (!/^https?:\/\/[^/?#]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};
export const IsHttpUrl = constraint('isHttpUrl', isHttpUrl, 'must be an absolute http or https URL', { type: 'string', format: 'uri', pattern: '^https?://', maxLength: 2048 });
/** Extended data: a JSON object whose serialised size is at most 50KB. */
export const IsExtendedData = constraint(
  'isExtendedData',
  (v) => isPlainObject(v) && Buffer.byteLength(JSON.stringify(v)) <= 50 * 1024,
  'must be an object of at most 50KB as JSON',
  { type: 'object', additionalProperties: true, description: 'Extended data: any JSON object of at most 50KB.' },
);
export const IsMoney = constraint(
  'isMoney',
  (v) => v instanceof Money && Number.isSafeInteger(v.amount) && /^[A-Z]{3}$/.test(v.currency),
  'must be money: an integer amount in minor units and a 3-letter currency code',
  MONEY_SCHEMA,
);
export const IsLatLng = constraint(
  'isLatLng',
  (v) => v instanceof LatLng && Number.isFinite(v.lat) && Number.isFinite(v.lng) && Math.abs(v.lat) <= 90 && Math.abs(v.lng) <= 180,
  'must be a location with lat in [-90, 90] and lng in [-180, 180]',
  LAT_LNG_SCHEMA,
);
export const IsTimestamp = constraint(
  'isTimestamp',
  (v) => v instanceof Date && !Number.isNaN(v.getTime()) && v.getUTCFullYear() >= 1 && v.getUTCFullYear() <= 9999,
  'must be a timestamp',
  TIMESTAMP_SCHEMA,
);

/** Plain JSON bodies carry money and locations as objects and timestamps as strings; Transit as tagged values. */
export const toMoney = ({ value }: { value: unknown }): unknown =>
  isPlainObject(value) && !(value instanceof Money) && 'amount' in value && 'currency' in value
    ? new Money(value.amount as number, value.currency as string)
    : value;
export const toLatLng = ({ value }: { value: unknown }): unknown =>
  isPlainObject(value) && !(value instanceof LatLng) && 'lat' in value && 'lng' in value
    ? new LatLng(value.lat as number, value.lng as number)
    : value;
export const toTimestamp = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? (isRealTimestamp(value) ? new Date(value) : new Date(NaN)) : value;

/**
 * A timestamp string names a real instant: the calendar date exists (no month 13, no 31 February) and the year is
 * within 0001–9999 (what ISO 8601 without expansion and every store can hold). A regular expression alone lets
 * `2020-13-45` through to a `new Date()` that throws "Invalid time value".
 */
export const isRealTimestamp = (value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  if (day > new Date(Date.UTC(2000, month, 0)).getUTCDate() || (month === 2 && day === 29 && !isLeapYear(year))) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return false;
  const time = new Date(value).getTime();
  return !Number.isNaN(time);
};
const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** `@Matches(pattern)` for timestamps, and the instant must exist (see isRealTimestamp). */
export const MatchesTimestamp = (pattern: RegExp, options?: ValidationOptions): PropertyDecorator =>
  constraint('matchesTimestamp', (v) => typeof v === 'string' && pattern.test(v) && isRealTimestamp(v), 'must be an ISO 8601 timestamp', { type: 'string', pattern: pattern.source })(options);

/**
 * A whole number written as a string ("5"), read as that number. The Web Template sends the stock total of its
 * number input as the input's string (`stock/compare_and_set` with `newTotal: "5"`), which the platform accepts.
 */
export const toIntegerFromString = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value;
