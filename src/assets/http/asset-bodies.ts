import { EXTENSION_OF_CONTENT_TYPE } from '../domain/asset-paths';
import { jsonAssetIdOf } from '../domain/asset-refs';
import type { ImageInclusion, RenderedVariant } from '../domain/asset-tree.events';

/**
 * The Asset Delivery API's bodies (plain JSON, never Transit). Asset data is spliced in as the stored canonical
 * text, so an answer costs no parse or re-serialization of the assets themselves.
 */
export interface DeliveredAsset {
  path: string;
  hash: string;
  json: string;
  included: readonly ImageInclusion[];
}

/** Where a variant's bytes are served: content-addressed, under the client id that opens the marketplace's assets. */
export const variantUrl = (baseUrl: string, clientId: string, variant: RenderedVariant): string =>
  `${baseUrl}/v1/assets/pub/${clientId}/images/${variant.blob}.${EXTENSION_OF_CONTENT_TYPE[variant.contentType] ?? 'bin'}`;

/** Each referred image once, in order of first reference, with the variants every referring asset asked for. */
const includedOf = (assets: readonly DeliveredAsset[], baseUrl: string, clientId: string): unknown[] => {
  const images = new Map<string, { assetPath: string; variants: Record<string, RenderedVariant> }>();
  for (const inclusion of assets.flatMap((a) => a.included)) {
    const image = images.get(inclusion.id) ?? { assetPath: inclusion.assetPath, variants: {} };
    Object.assign(image.variants, inclusion.variants);
    images.set(inclusion.id, image);
  }
  return [...images].map(([id, image]) => ({
    id,
    type: 'imageAsset',
    attributes: {
      assetPath: image.assetPath,
      variants: Object.fromEntries(
        Object.entries(image.variants).map(([name, v]) => [name, { name, width: v.width, height: v.height, url: variantUrl(baseUrl, clientId, v) }]),
      ),
    },
  }));
};

/** `{data: <the asset>, included, meta: {version}}`. */
export const singleAssetBody = (asset: DeliveredAsset, version: string, baseUrl: string, clientId: string): string =>
  `{"data":${asset.json},"included":${JSON.stringify(includedOf([asset], baseUrl, clientId))},"meta":${JSON.stringify({ version })}}`;

/** `{data: [{id, type: 'jsonAsset', attributes: {assetPath, data}}], included, meta: {version}}`, in path order. */
export const multiAssetBody = (assets: readonly DeliveredAsset[], version: string, baseUrl: string, clientId: string): string => {
  const items = assets.map(
    (a) =>
      `{"id":${JSON.stringify(jsonAssetIdOf(a.path, a.hash))},"type":"jsonAsset","attributes":{"assetPath":${JSON.stringify(a.path)},"data":${a.json}}}`,
  );
  return `{"data":[${items.join(',')}],"included":${JSON.stringify(includedOf(assets, baseUrl, clientId))},"meta":${JSON.stringify({ version })}}`;
};
