import type { DomainEvent } from '../../shared/decider';

/** What an upload established about the image: who may use it, where its bytes are, its oriented size. */
export interface ImageUploadedData {
  imageId: string;
  /** The uploading user; null for an upload through the Integration API (any of the marketplace's users may use it). */
  ownerId: string | null;
  /** Key of the original's bytes, exactly as uploaded, in the blob store. */
  blobKey: string;
  /** Pixels after the EXIF orientation is applied (what every variant's size is computed from). */
  width: number;
  height: number;
  /** The format sniffed from the content (sharp's name: jpeg, png, webp, gif, heif, tiff). */
  format: string;
  /** Bytes of the original. */
  size: number;
  uploadedAt: string;
}

/** Internal: the platform has no image events, so events/query never lists it. */
export type ImageEvent = DomainEvent<'image/uploaded', ImageUploadedData>;
