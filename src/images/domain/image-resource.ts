import type { Resource } from '../../shared/resource';
import type { ImageUploadedData } from './image.events';
import { RenderSpec, VariantSpec, variantSize } from './image-variants';

/**
 * The `image` resource: `variants` keyed by name, each `{name, width, height, url}`, sized from the original
 * without generating anything (the URL generates the file on first request).
 */
export const imageResource = (
  image: Pick<ImageUploadedData, 'imageId' | 'width' | 'height'>,
  variants: ReadonlyMap<string, VariantSpec>,
  urlOf: (render: RenderSpec) => string,
): Resource => {
  const out: Record<string, { name: string; width: number; height: number; url: string }> = {};
  for (const [name, spec] of variants) {
    const size = variantSize(image, spec);
    // The URL names the exact output, so variants that come out alike (default, scaled-medium) share one file.
    out[name] = { name, ...size, url: urlOf({ fit: spec.fit, ...size }) };
  }
  return { id: image.imageId, type: 'image', attributes: { variants: out } };
};
