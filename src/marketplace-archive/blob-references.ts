import { assetBlobKey } from '../assets/asset-preparation';
import type { AssetFile, VersionPublishedData } from '../assets/domain/asset-tree.events';
import type { RecordedEvent } from '../event-store/event-store.port';

/**
 * The blob keys an event refers to, so that an export carries exactly the blobs its events need: an image's
 * original, a file's upload, an asset version's image files, large JSON texts and rendered variants. Image
 * variants of uploaded images are not referenced: they are rendered again from the original on first request.
 */
export const blobKeysOf = (event: Pick<RecordedEvent, 'type' | 'data' | 'metadata'>): string[] => {
  const data = event.data as Record<string, unknown> | null;
  if (event.type === 'image/uploaded' || event.type === 'file/upload-received') return typeof data?.blobKey === 'string' ? [data.blobKey] : [];
  if (event.type === 'assets/version-published') return assetBlobs(event.metadata.marketplaceId, (data as unknown as VersionPublishedData).changed ?? []);
  return [];
};

const assetBlobs = (marketplaceId: string, files: AssetFile[]): string[] =>
  files.flatMap((file) => {
    if (file.kind === 'image') return [assetBlobKey(marketplaceId, file.hash)];
    const inline = file.json === null ? [assetBlobKey(marketplaceId, file.hash)] : [];
    return [...inline, ...file.included.flatMap((image) => Object.values(image.variants).map((variant) => assetBlobKey(marketplaceId, variant.blob)))];
  });
