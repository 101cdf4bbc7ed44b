/** Injection tokens of the ports (interfaces have no runtime identity in TypeScript). */
export const DOCUMENTS = 'DocumentStore';
export const BLOBS = 'BlobStore';
export const CLOCK = 'Clock';
export const CONFIG = 'Config';
export const IDS = 'IdGenerator';
