import { ApiError, ErrorItem, titleFor } from '../../shared/api-error';

/**
 * Image variants: what each one is, which ones a request asks for, and how big each comes out. Pure: the sizes
 * follow from the original's (EXIF-oriented) dimensions, so a response lists variants without generating them.
 */
export type Fit = 'scale' | 'crop';

/** A transformation. `scale` fits inside the box (one side may be open); `crop` fills exactly width x height. */
export interface VariantSpec {
  fit: Fit;
  width: number | null;
  height: number | null;
}

export interface Size {
  width: number;
  height: number;
}

const crop = (width: number, height: number): VariantSpec => ({ fit: 'crop', width, height });
const scale = (width: number, height: number): VariantSpec => ({ fit: 'scale', width, height });

/** The platform's predefined variants (document 2; `facebook`/`twitter` are the two crops the reference leaves unnamed). */
export const PREDEFINED_VARIANTS: Readonly<Record<string, VariantSpec>> = {
  default: scale(750, 750),
  'landscape-crop': crop(400, 267),
  'landscape-crop2x': crop(800, 533),
  'landscape-crop4x': crop(1600, 1066),
  'landscape-crop6x': crop(2400, 1602),
  'scaled-small': scale(320, 320),
  'scaled-medium': scale(750, 750),
  'scaled-large': scale(1024, 1024),
  'scaled-xlarge': scale(2400, 2400),
  'square-small': crop(240, 240),
  'square-small2x': crop(480, 480),
  facebook: crop(1200, 630),
  twitter: crop(600, 314),
};

export const MAX_CUSTOM_VARIANTS = 10;
export const MIN_SIDE = 8;
export const MAX_SIDE = 3072;

const invalidVariant = (name: string, details: string): ErrorItem => ({
  status: 400,
  code: 'validation-invalid-value',
  title: titleFor('validation-invalid-value'),
  details,
  source: { path: [`imageVariant.${name}`], type: 'query' },
});

/** `w:640;h:480;fit:crop` → the spec, or the reason it is not one. */
export const parseCustomVariant = (raw: string): VariantSpec | string => {
  const values = new Map<string, string>();
  for (const pair of raw.split(';').map((p) => p.trim()).filter((p) => p.length > 0)) {
    const colon = pair.indexOf(':');
    const key = colon < 0 ? pair : pair.slice(0, colon).trim();
    if (colon < 0) return `"${pair}" is not a key:value pair.`;
    if (!['w', 'h', 'fit'].includes(key)) return `Unknown key "${key}"; the keys are w, h and fit.`;
    if (values.has(key)) return `The key "${key}" is given more than once.`;
    values.set(key, pair.slice(colon + 1).trim());
  }
  const fit = values.get('fit');
  if (fit !== 'scale' && fit !== 'crop') return 'fit must be scale or crop.';
  const side = (key: 'w' | 'h'): number | null | string => {
    const value = values.get(key);
    if (value === undefined) return null;
    const n = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
    return n >= MIN_SIDE && n <= MAX_SIDE ? n : `${key} must be an integer from ${MIN_SIDE} to ${MAX_SIDE}.`;
  };
  const width = side('w');
  const height = side('h');
  if (typeof width === 'string') return width;
  if (typeof height === 'string') return height;
  if (fit === 'crop' && (width === null || height === null)) return 'A crop variant needs both w and h.';
  if (width === null && height === null) return 'A scale variant needs w, h or both.';
  return { fit, width, height };
};

/** What a request says about image variants: its raw `imageVariant.*` definitions and its `fields.*` lists. */
export interface VariantRequest {
  imageVariants: ReadonlyMap<string, string>;
  fields: ReadonlyMap<string, readonly string[]>;
}

/** Every `imageVariant.*` of the request, validated: at most ten, each well formed. Throws 400 otherwise. */
export const customVariants = (imageVariants: ReadonlyMap<string, string>): Map<string, VariantSpec> => {
  const errors: ErrorItem[] = [];
  const out = new Map<string, VariantSpec>();
  let count = 0;
  for (const [name, raw] of imageVariants) {
    count += 1;
    if (count > MAX_CUSTOM_VARIANTS) {
      errors.push(invalidVariant(name, `At most ${MAX_CUSTOM_VARIANTS} custom image variants per request.`));
      break;
    }
    const spec = parseCustomVariant(raw);
    if (typeof spec === 'string') errors.push(invalidVariant(name, spec));
    else out.set(name, spec);
  }
  if (errors.length > 0) throw new ApiError(errors);
  return out;
};

/**
 * The variants an image resource carries in this request: `default` alone, unless `fields.image` names
 * `variants.<name>` entries (predefined or custom; `variants` alone means all of them). Custom definitions win
 * over predefined ones of the same name. Names that are neither are left out (the sparse-fields step shows null).
 */
export const requestedVariants = (request: VariantRequest): Map<string, VariantSpec> => {
  const custom = customVariants(request.imageVariants);
  const fields = request.fields.get('image');
  const lookup = (name: string) => custom.get(name) ?? PREDEFINED_VARIANTS[name];
  const out = new Map<string, VariantSpec>();
  if (!fields) {
    out.set('default', lookup('default')!);
    return out;
  }
  for (const field of fields) {
    if (field === 'variants') {
      for (const name of [...Object.keys(PREDEFINED_VARIANTS), ...custom.keys()]) out.set(name, lookup(name)!);
    } else if (field.startsWith('variants.')) {
      const name = field.slice('variants.'.length);
      const spec = lookup(name);
      if (spec) out.set(name, spec);
    }
  }
  return out;
};

const atLeastOne = (n: number) => Math.max(1, Math.round(n));

/**
 * The size a variant of an image of `original` size comes out at. `crop` always gives exactly the box (scaling
 * up a smaller original). `scale` fits inside the box keeping the aspect ratio and never enlarges: a variant
 * cannot show more detail than the upload has, and enlarging only makes bigger files.
 */
export const variantSize = (original: Size, spec: VariantSpec): Size => {
  if (spec.fit === 'crop') return { width: spec.width!, height: spec.height! };
  const factor = Math.min(
    spec.width === null ? Infinity : spec.width / original.width,
    spec.height === null ? Infinity : spec.height / original.height,
    1,
  );
  return { width: atLeastOne(original.width * factor), height: atLeastOne(original.height * factor) };
};

/** What a variant URL names: the fit and the exact output size (`crop-400x267`, `scale-750x500`). */
export interface RenderSpec extends Size {
  fit: Fit;
}

export const renderToken = (r: RenderSpec): string => `${r.fit}-${r.width}x${r.height}`;

/**
 * The render tokens of an image's predefined variants (at most 13, sized from its upright original): the variants
 * worth keeping in the blob store. Any other size is a custom variant, which anyone can ask for in any number.
 */
export const predefinedRenderTokens = (original: Size): Set<string> =>
  new Set(Object.values(PREDEFINED_VARIANTS).map((spec) => renderToken({ fit: spec.fit, ...variantSize(original, spec) })));

/** The inverse of renderToken; one spelling per spec (no leading zeros), so a variant has one URL and one file. */
export const parseRenderToken = (token: string): RenderSpec | null => {
  const match = /^(scale|crop)-([1-9]\d{0,3})x([1-9]\d{0,3})$/.exec(token);
  if (!match) return null;
  const spec: RenderSpec = { fit: match[1] as Fit, width: Number(match[2]), height: Number(match[3]) };
  return spec.width <= MAX_SIDE && spec.height <= MAX_SIDE ? spec : null;
};
