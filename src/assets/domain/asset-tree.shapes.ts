import { ContextShapes, firstShape } from '../../shared/event-shapes';
import type { AssetTreeEvent } from './asset-tree.events';

/** The assets context's event types and their shape versions (src/shared/event-shapes.ts): none has changed yet. */
export const assetShapes: ContextShapes<AssetTreeEvent['type']> = {
  'assets/version-published': firstShape,
};
