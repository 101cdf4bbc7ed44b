import { ApiError, ErrorItem, invalidValue, invalidValueItem } from '../shared/api-error';

/** `include=author.profileImage,images` as a tree: author → {profileImage → {}}, images → {}. */
export type IncludeTree = Map<string, IncludeTree>;

export interface CommonParams {
  include: IncludeTree;
  /** `fields.<type>`: attribute paths to return for that resource type. */
  fields: Map<string, string[]>;
  /** `limit.<relationship>`: at most this many related resources. */
  limits: Map<string, number>;
  /** `imageVariant.<name>`: custom image variant definitions, still raw (`w:640;h:480;fit:crop`). */
  imageVariants: Map<string, string>;
  expand: boolean;
  page: number;
  perPage: number;
}

export interface EndpointKind {
  /** Query endpoints take page/perPage. */
  paginated?: boolean;
  /** Write endpoints take expand. */
  command?: boolean;
}

export type RawQuery = Record<string, string | string[] | undefined>;

const queryError = (param: string, details: string): ErrorItem => invalidValueItem([param], 'query', details);

const positiveInt = (value: string): number | null => (/^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null);

export const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

export const parseIncludeTree = (value: string): IncludeTree => {
  const root: IncludeTree = new Map();
  for (const path of splitList(value)) {
    let node = root;
    for (const part of path.split('.')) {
      if (!node.has(part)) node.set(part, new Map());
      node = node.get(part)!;
    }
  }
  return root;
};

/**
 * Splits a query string into the conventions shared by every endpoint and the endpoint's own parameters.
 * Keys arrive unencoded and flat (`fields.listing`, `limit.images`); lists are comma-separated.
 */
export const parseCommonParams = (
  raw: RawQuery,
  kind: EndpointKind,
): { common: CommonParams; own: Record<string, string> } => {
  const errors: ErrorItem[] = [];
  const common: CommonParams = {
    include: new Map(),
    fields: new Map(),
    limits: new Map(),
    imageVariants: new Map(),
    expand: false,
    page: 1,
    perPage: 100,
  };
  const own: Record<string, string> = {};
  for (const [key, rawValue] of Object.entries(raw)) {
    if (rawValue === undefined) continue;
    if (Array.isArray(rawValue)) {
      errors.push(queryError(key, 'The parameter is given more than once.'));
      continue;
    }
    const value = rawValue;
    if (key === 'include') common.include = parseIncludeTree(value);
    else if (key.startsWith('fields.') && key.length > 7) common.fields.set(key.slice(7), splitList(value));
    else if (key.startsWith('limit.') && key.length > 6) {
      const n = positiveInt(value);
      if (n === null) errors.push(queryError(key, 'Must be a positive integer.'));
      else common.limits.set(key.slice(6), n);
    } else if (key.startsWith('imageVariant.') && key.length > 13) common.imageVariants.set(key.slice(13), value);
    else if (key === 'expand' && kind.command) {
      if (value !== 'true' && value !== 'false' && value !== '') errors.push(queryError(key, 'Must be true or false.'));
      common.expand = value === 'true';
    } else if (key === 'page' && kind.paginated) {
      const n = positiveInt(value);
      if (n === null) errors.push(queryError(key, 'Must be a positive integer.'));
      else common.page = n;
    } else if (key === 'perPage' && kind.paginated) {
      const n = positiveInt(value);
      if (n === null || n > 100) errors.push(queryError(key, 'Must be an integer from 1 to 100.'));
      else common.perPage = n;
    } else own[key] = value;
  }
  if (errors.length > 0) throw new ApiError(errors);
  return { common, own };
};

export const paginationMeta = (total: number, common: CommonParams, paginationLimit?: number) => ({
  totalItems: total,
  totalPages: Math.ceil(total / common.perPage),
  page: common.page,
  perPage: common.perPage,
  ...(paginationLimit !== undefined ? { paginationLimit } : {}),
});

export { invalidValue };
