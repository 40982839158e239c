import type { Alternative, TreeAlternative } from '@skald/domain';

const INDENT = '  ';

/**
 * Options written one a line as `value = label` (or just `value`, which is its own label); in a tree,
 * each level of children indented by two more spaces than its parent.
 */
export function optionsToText(options: readonly TreeAlternative[], depth = 0): string {
  return options
    .flatMap((o) => {
      const line = `${INDENT.repeat(depth)}${o.value === o.label ? o.value : `${o.value} = ${o.label}`}`;
      return o.children.length > 0 ? [line, optionsToText(o.children, depth + 1)] : [line];
    })
    .join('\n');
}

export type ParsedOptions = { ok: true; options: TreeAlternative[] } | { ok: false; line: number };

/** The options of `optionsToText`; a line indented deeper than one level below the one before is refused. */
export function parseOptionsText(text: string): ParsedOptions {
  const roots: TreeAlternative[] = [];
  const stack: { depth: number; children: TreeAlternative[] }[] = [{ depth: -1, children: roots }];
  const lines = text.split('\n');
  for (const [i, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    const depth = Math.floor((raw.length - raw.trimStart().length) / INDENT.length);
    while (stack.length > 1 && (stack.at(-1)?.depth ?? -1) >= depth) stack.pop();
    const parent = stack.at(-1);
    if (!parent || depth > parent.depth + 1) return { ok: false, line: i + 1 };
    const [value = '', ...rest] = raw.trim().split(' = ');
    const label = rest.length > 0 ? rest.join(' = ').trim() : value.trim();
    const node: TreeAlternative = { value: value.trim(), label, children: [] };
    parent.children.push(node);
    stack.push({ depth, children: node.children as TreeAlternative[] });
  }
  return { ok: true, options: roots };
}

/** Flat alternatives as text, and back (children are not allowed there). */
export const alternativesToText = (alternatives: readonly Alternative[]) =>
  optionsToText(alternatives.map((a) => ({ ...a, children: [] })));
