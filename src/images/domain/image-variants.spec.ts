import { ApiError } from '../../shared/api-error';
import {
  customVariants,
  parseCustomVariant,
  parseRenderToken,
  PREDEFINED_VARIANTS,
  renderToken,
  requestedVariants,
  variantSize,
  VariantRequest,
} from './image-variants';

const params = (fields?: string[], imageVariants: Record<string, string> = {}): VariantRequest => ({
  fields: fields ? new Map([['image', fields]]) : new Map(),
  imageVariants: new Map(Object.entries(imageVariants)),
});

const errorOf = (fn: () => unknown): ApiError => {
  try {
    fn();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected an error');
};

describe('variant size math', () => {
  describe('given a 1600x1200 landscape original', () => {
    const original = { width: 1600, height: 1200 };
    it('when scaled into 750x750, then it fits by its width: 750x563 (562.5 rounds up)', () => {
      expect(variantSize(original, PREDEFINED_VARIANTS.default)).toEqual({ width: 750, height: 563 });
    });
    it('when scaled into 320x320, then 320x240', () => {
      expect(variantSize(original, PREDEFINED_VARIANTS['scaled-small'])).toEqual({ width: 320, height: 240 });
    });
    it('when scaled into a box bigger than itself (2400x2400), then it keeps its own size: scale never enlarges', () => {
      expect(variantSize(original, PREDEFINED_VARIANTS['scaled-xlarge'])).toEqual({ width: 1600, height: 1200 });
    });
    it('when scaled by width only, then the height follows the aspect ratio', () => {
      expect(variantSize(original, { fit: 'scale', width: 400, height: null })).toEqual({ width: 400, height: 300 });
    });
    it('when scaled by height only, then the width follows the aspect ratio', () => {
      expect(variantSize(original, { fit: 'scale', width: null, height: 600 })).toEqual({ width: 800, height: 600 });
    });
    it('when cropped, then it is exactly the crop box, whatever the aspect', () => {
      expect(variantSize(original, PREDEFINED_VARIANTS['landscape-crop'])).toEqual({ width: 400, height: 267 });
      expect(variantSize(original, PREDEFINED_VARIANTS['square-small'])).toEqual({ width: 240, height: 240 });
      expect(variantSize(original, PREDEFINED_VARIANTS.facebook)).toEqual({ width: 1200, height: 630 });
    });
    it('when cropped to a box bigger than itself, then it is still exactly the box (the crop scales up)', () => {
      expect(variantSize(original, PREDEFINED_VARIANTS['landscape-crop6x'])).toEqual({ width: 2400, height: 1602 });
    });
  });

  describe('given a 600x3000 tall original', () => {
    const original = { width: 600, height: 3000 };
    it('when scaled into 750x750, then it fits by its height: 150x750', () => {
      expect(variantSize(original, PREDEFINED_VARIANTS.default)).toEqual({ width: 150, height: 750 });
    });
  });

  describe('given an extreme 5000x2 strip', () => {
    it('when scaled into 320x320, then no side rounds to zero', () => {
      expect(variantSize({ width: 5000, height: 2 }, PREDEFINED_VARIANTS['scaled-small'])).toEqual({ width: 320, height: 1 });
    });
  });
});

describe('predefined variants', () => {
  it('are the platform list with the two social crops', () => {
    expect(Object.keys(PREDEFINED_VARIANTS).sort()).toEqual(
      [
        'default',
        'facebook',
        'landscape-crop',
        'landscape-crop2x',
        'landscape-crop4x',
        'landscape-crop6x',
        'scaled-large',
        'scaled-medium',
        'scaled-small',
        'scaled-xlarge',
        'square-small',
        'square-small2x',
        'twitter',
      ].sort(),
    );
    expect(PREDEFINED_VARIANTS.twitter).toEqual({ fit: 'crop', width: 600, height: 314 });
  });
});

describe('custom variant definitions', () => {
  it('given w, h and fit, when parsed, then the spec', () => {
    expect(parseCustomVariant('w:640;h:480;fit:crop')).toEqual({ fit: 'crop', width: 640, height: 480 });
    expect(parseCustomVariant(' fit:scale ; w:8 ')).toEqual({ fit: 'scale', width: 8, height: null });
    expect(parseCustomVariant('h:3072;fit:scale')).toEqual({ fit: 'scale', width: null, height: 3072 });
  });
  it.each([
    ['w:7;h:100;fit:crop'],
    ['w:3073;fit:scale'],
    ['w:1e3;fit:scale'],
    ['w:-10;fit:scale'],
    ['w:100;fit:crop'],
    ['fit:scale'],
    ['w:100;h:100'],
    ['w:100;fit:fill'],
    ['w:100;w:200;fit:scale'],
    ['w:100;fit:scale;x:1'],
    ['w100;fit:scale'],
    [''],
  ])('given %j, when parsed, then a reason it is invalid', (raw) => {
    expect(typeof parseCustomVariant(raw)).toBe('string');
  });
  it('given 10 valid definitions, when validated, then all of them', () => {
    const defs = Object.fromEntries([...Array(10).keys()].map((i) => [`v${i}`, `w:${100 + i};fit:scale`]));
    expect(customVariants(params(undefined, defs).imageVariants).size).toBe(10);
  });
  it('given 11 definitions, when validated, then 400 at the eleventh', () => {
    const defs = Object.fromEntries([...Array(11).keys()].map((i) => [`v${i + 1}`, `w:${100 + i};fit:scale`]));
    const error = errorOf(() => customVariants(params(undefined, defs).imageVariants));
    expect(error.items[0]).toMatchObject({ status: 400, code: 'validation-invalid-value', source: { path: ['imageVariant.v11'], type: 'query' } });
  });
  it('given an invalid definition not listed in fields.image, when validated, then 400 all the same', () => {
    const error = errorOf(() => requestedVariants(params(undefined, { bad: 'w:1;fit:scale' })));
    expect(error.items[0].source).toEqual({ path: ['imageVariant.bad'], type: 'query' });
  });
});

describe('requested variants', () => {
  it('given no fields.image, then only default', () => {
    expect([...requestedVariants(params()).keys()]).toEqual(['default']);
  });
  it('given fields.image naming predefined and custom variants, then those (a custom one overriding a predefined name)', () => {
    const requested = requestedVariants(
      params(['variants.square-small', 'variants.mine', 'variants.default', 'variants.unknown'], { mine: 'w:10;h:10;fit:crop', default: 'w:100;fit:scale' }),
    );
    expect(Object.fromEntries(requested)).toEqual({
      'square-small': { fit: 'crop', width: 240, height: 240 },
      mine: { fit: 'crop', width: 10, height: 10 },
      default: { fit: 'scale', width: 100, height: null },
    });
  });
  it('given fields.image=variants, then every predefined and custom variant', () => {
    const requested = requestedVariants(params(['variants'], { mine: 'w:10;h:10;fit:crop' }));
    expect(requested.size).toBe(Object.keys(PREDEFINED_VARIANTS).length + 1);
  });
  it('given fields.image without variants, then none', () => {
    expect(requestedVariants(params(['id'])).size).toBe(0);
  });
});

describe('render tokens (the variant segment of a URL)', () => {
  it('round-trip, and have one spelling per spec', () => {
    expect(renderToken({ fit: 'crop', width: 400, height: 267 })).toBe('crop-400x267');
    expect(parseRenderToken('scale-750x563')).toEqual({ fit: 'scale', width: 750, height: 563 });
    for (const bad of ['crop-0400x267', 'crop-400x', 'fill-10x10', 'crop-4000x10', 'scale-0x5', 'crop-400x267x'])
      expect(parseRenderToken(bad)).toBeNull();
  });
});
