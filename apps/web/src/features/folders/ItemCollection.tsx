import type { CollectionProps } from './collection.ts';
import { ItemGrid } from './ItemGrid.tsx';
import { ItemTable } from './ItemTable.tsx';

/** The folder view's and the recycle bin's contents, as tiles or as a list. */
export function ItemCollection(props: CollectionProps) {
  return props.mode === 'list' ? <ItemTable {...props} /> : <ItemGrid {...props} />;
}
