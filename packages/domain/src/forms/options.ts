import type { Alternative, FormField, OptionList, TreeAlternative } from './types.ts';

/** Looks up option lists by id; the form's own alternatives are used when a field names none. */
export type OptionLists = ReadonlyMap<string, OptionList>;

/** The flat alternatives a Choice or MultipleChoice field offers. */
export function choiceAlternatives(field: FormField, lists: OptionLists): readonly Alternative[] {
  if (field.optionListId !== null) return lists.get(field.optionListId)?.options ?? [];
  return field.alternatives;
}

/** The tree a TreeChoice field offers. */
export function treeAlternatives(field: FormField, lists: OptionLists): readonly TreeAlternative[] {
  if (field.optionListId !== null) return lists.get(field.optionListId)?.options ?? [];
  return field.treeAlternatives;
}

/** The separator of a tree value: the path of values from the root ('europe/norway/oslo'). */
export const TREE_PATH_SEPARATOR = '/';

/** The nodes a tree value passes through, or null when it names no node of the tree. */
export function treePath(tree: readonly TreeAlternative[], value: string): TreeAlternative[] | null {
  const path: TreeAlternative[] = [];
  let level = tree;
  for (const part of value.split(TREE_PATH_SEPARATOR)) {
    const node = level.find((n) => n.value === part);
    if (!node) return null;
    path.push(node);
    level = node.children;
  }
  return path;
}
