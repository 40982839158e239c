import { TREE_PATH_SEPARATOR, type TreeAlternative } from '@skald/domain';

export interface TreeNode {
  value: string;
  label: string;
  children?: TreeNode[];
}

/** A tree of alternatives as Mantine's TreeSelect reads it: each node's value is its path from the root. */
export function treeSelectData(tree: readonly TreeAlternative[], parent = ''): TreeNode[] {
  return tree.map((node) => {
    const value = parent === '' ? node.value : `${parent}${TREE_PATH_SEPARATOR}${node.value}`;
    return node.children.length > 0
      ? { value, label: node.label, children: treeSelectData(node.children, value) }
      : { value, label: node.label };
  });
}
