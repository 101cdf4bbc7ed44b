/** Moved to src/images/http (relationships are the envelope's include loaders); re-exported until images.module imports it there. */
export { ImagesRelationships } from './http/images.relationships';
