import { ApiError } from '../../shared/api-error';
import { kindOfPath, normalizeAssetPath, requestedPaths } from './asset-paths';
import { ImageRef, imageIdOf, nameUuid, normalizeRefs, TreeImage, variantSize, variantSpecsOf, variantsPerImage } from './asset-refs';

const logo: TreeImage = { path: '/design/logo.png', hash: 'abc', width: 480, height: 96 };
const images = new Map([[logo.path, logo]]);

const failure = (f: () => unknown): string => {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).message;
  }
  throw new Error('expected a failure');
};

describe('asset paths', () => {
  it('normalizes to one leading slash and refuses unsafe segments', () => {
    expect(normalizeAssetPath('content/translations.json')).toBe('/content/translations.json');
    expect(normalizeAssetPath('//content/translations.json')).toBe('/content/translations.json');
    for (const bad of ['', '/', 'a/../b.json', 'a//b.json', '.hidden/a.json', 'a b.json', 'a/./b.json']) expect(normalizeAssetPath(bad)).toBeNull();
  });

  it('knows JSON assets and images by extension', () => {
    expect(kindOfPath('/a.json')).toBe('json');
    expect(kindOfPath('/a.JPG')).toBe('image');
    expect(kindOfPath('/a.svg')).toBeNull();
  });

  it('joins the multi-asset prefix with the relative paths, deduplicated and sorted lexically', () => {
    expect(requestedPaths('content/', 'pages/faq.json,translations.json,pages/about.json,translations.json')).toEqual([
      '/content/pages/about.json',
      '/content/pages/faq.json',
      '/content/translations.json',
    ]);
    expect(requestedPaths('', 'b.json,a/../x.json,,A.json')).toEqual(['/A.json', '/b.json']);
  });
});

describe('image references', () => {
  it('normalizes a reference by path to id, type, path and variants, and reports it', () => {
    const { value, refs } = normalizeRefs(
      { logo: { _ref: { type: 'imageAsset', path: 'design/logo.png', variants: { scaled: { height: 24 } } } }, list: [1, { x: 'y' }] },
      images,
      '/design/branding.json',
    );
    expect(value).toEqual({
      logo: { _ref: { id: imageIdOf(logo), type: 'imageAsset', path: '/design/logo.png', variants: { scaled: { height: 24 } } } },
      list: [1, { x: 'y' }],
    });
    expect(refs).toEqual([{ imagePath: '/design/logo.png', variants: { scaled: { height: 24 } } }]);
  });

  it('finds an image by its id too, and defaults to the image as pushed', () => {
    const { value } = normalizeRefs({ a: { _ref: { type: 'imageAsset', id: imageIdOf(logo) } } }, images, '/x.json');
    expect(value).toEqual({ a: { _ref: { id: imageIdOf(logo), type: 'imageAsset', path: logo.path, variants: { original: {} } } } });
  });

  it('is idempotent: a normalized asset normalizes to itself', () => {
    const once = normalizeRefs({ a: { _ref: { type: 'imageAsset', path: logo.path } } }, images, '/x.json').value;
    expect(normalizeRefs(once, images, '/x.json').value).toEqual(once);
  });

  it('refuses references it cannot resolve or does not support', () => {
    expect(failure(() => normalizeRefs({ a: { _ref: { type: 'imageAsset', path: '/nope.png' } } }, images, '/x.json'))).toContain('/x.json $.a._ref');
    expect(failure(() => normalizeRefs({ a: { _ref: { type: 'jsonAsset', path: logo.path } } }, images, '/x.json'))).toContain('imageAsset');
    expect(failure(() => normalizeRefs({ a: { _ref: { type: 'imageAsset', path: logo.path }, b: 1 } }, images, '/x.json'))).toContain('no other keys');
  });

  it('image ids are UUIDs that change with the content', () => {
    expect(imageIdOf(logo)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(imageIdOf({ ...logo, hash: 'other' })).not.toBe(imageIdOf(logo));
    expect(nameUuid('a', 'b')).toBe(nameUuid('a', 'b'));
  });
});

describe('variants', () => {
  it('validates variant specs', () => {
    expect(variantSpecsOf({ s: { width: 10, fit: 'scale' } }, 'x')).toEqual({ s: { width: 10, fit: 'scale' } });
    expect(failure(() => variantSpecsOf({ s: { width: 0 } }, 'x'))).toContain('x.variants.s.width');
    expect(failure(() => variantSpecsOf({ s: { width: 10, fit: 'crop' } }, 'x'))).toContain('crop needs both');
    expect(failure(() => variantSpecsOf({ s: { depth: 1 } }, 'x'))).toContain('unknown key depth');
    expect(failure(() => variantSpecsOf({ 'bad name': {} }, 'x'))).toContain('variant names');
    expect(failure(() => variantSpecsOf({}, 'x'))).toContain('named variants');
  });

  it('scales inside the box keeping the aspect ratio, crops to it exactly, or keeps the original size', () => {
    expect(variantSize(logo, { height: 24 })).toEqual({ width: 120, height: 24 });
    expect(variantSize(logo, { width: 100, height: 100 })).toEqual({ width: 100, height: 20 });
    expect(variantSize(logo, { width: 960 })).toEqual({ width: 960, height: 192 });
    expect(variantSize(logo, { width: 32, height: 32, fit: 'crop' })).toEqual({ width: 32, height: 32 });
    expect(variantSize(logo, {})).toEqual({ width: 480, height: 96 });
  });

  it('merges the variants several references ask of one image, and refuses one name asked two ways', () => {
    const refs: ImageRef[] = [
      { imagePath: '/i.png', variants: { a: { width: 1 } } },
      { imagePath: '/i.png', variants: { b: { width: 2 } } },
    ];
    expect(variantsPerImage(refs, '/x.json').get('/i.png')).toEqual({ a: { width: 1 }, b: { width: 2 } });
    expect(failure(() => variantsPerImage([...refs, { imagePath: '/i.png', variants: { a: { width: 3 } } }], '/x.json'))).toContain('two different ways');
  });
});
