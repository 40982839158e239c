import type { CollectionProps, ColumnSort } from './collection.ts';
import { ItemGrid } from './ItemGrid.tsx';
import { ItemTable } from './ItemTable.tsx';

/** The contents of a folder, or search results, as tiles or as a list. */
export function ItemCollection<S extends ColumnSort>(props: CollectionProps<S>) {
  return props.mode === 'list' ? <ItemTable {...props} /> : <ItemGrid {...props} />;
}
