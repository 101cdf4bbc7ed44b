import type { RecordedEvent } from '../event-store/event-store.port';
import type { ReadModelOp } from '../read-models/document-store.port';
import type { Projection } from '../event-sourcing/projection';
import { AssetManifest, ImageInclusion, VERSION_PUBLISHED, VersionPublishedData } from './domain/asset-tree.events';

/** Every version's manifest (path → hash and the version where it last changed), by version id. */
export const ASSET_VERSIONS = 'asset-version';
/** The `latest` alias: which version it points at. */
export const ASSET_ALIASES = 'asset-alias';
/** JSON asset contents by hash: immutable, shared by every version that has them. */
export const ASSET_CONTENTS = 'asset-content';

export const LATEST = 'latest';

export interface AliasDocument {
  version: string;
  number: number;
}

export interface JsonContentDocument {
  /** Null when the text is in the blob store (a large asset: `assets/<marketplaceId>/<hash>`). */
  json: string | null;
  included: ImageInclusion[];
}

/**
 * The asset read model: a request reads the alias (by alias), the version's manifest and the contents it names,
 * each by id. Manifests and contents never change once written, so readers may cache them.
 */
export const assetsProjection: Projection = {
  name: 'assets',
  eventTypes: [VERSION_PUBLISHED],
  project: (event: RecordedEvent): ReadModelOp[] => {
    const marketplaceId = event.metadata.marketplaceId;
    const manifest = event.metadata.resource as AssetManifest;
    const data = event.data as VersionPublishedData;
    const createdAt = data.publishedAt;
    const alias: AliasDocument = { version: manifest.version, number: manifest.number };
    return [
      ...data.changed.flatMap((file): ReadModelOp[] =>
        file.kind === 'json'
          ? [
              {
                op: 'put',
                collection: ASSET_CONTENTS,
                document: { id: file.hash, marketplaceId, createdAt, body: { json: file.json, included: file.included } satisfies JsonContentDocument },
              },
            ]
          : [],
      ),
      {
        op: 'put',
        collection: ASSET_VERSIONS,
        document: { id: manifest.version, marketplaceId, createdAt, body: manifest, fields: { number: manifest.number } },
      },
      { op: 'put', collection: ASSET_ALIASES, document: { id: LATEST, marketplaceId, createdAt, body: alias } },
    ];
  },
};
