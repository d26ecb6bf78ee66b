// Tables scroll sideways in a region of their own: a table wider than a phone's screen then widens
// neither the text nor the page. The region is a <section> with a name, which makes it a region
// with no role written out (html-validate prefers that to role="region", and with its name the Nu
// checker asks it for no heading); it takes keyboard focus, so that the keyboard scrolls it, and is
// named after the table's header cells, so that a screen reader says what it holds.
import type { Nodes, Root, RootContent, Table } from 'mdast';

/** The class templates/styles.css gives the region. */
export const tableRegionClass = 'table-scroll';

/** The nodes that hold blocks, where a table can be. */
const blockParents = new Set(['root', 'blockquote', 'list', 'listItem', 'footnoteDefinition']);

const textOf = (node: Nodes): string => ('value' in node ? node.value : 'children' in node ? node.children.map(textOf).join('') : '');

/**
 * A region around `table`. mdast-util-to-hast makes a node of a type it does not know into the
 * element its data names, around its children.
 */
function region(table: Table, name: string): RootContent {
  const header = table.children[0]?.children.map(textOf).filter(Boolean).join(', ');
  const properties = { className: [tableRegionClass], tabIndex: 0, ariaLabel: header || name };
  return { type: 'tableRegion', data: { hName: 'section', hProperties: properties }, children: [table] } as unknown as RootContent;
}

/** A unified plugin that puts each table in a scrolling region; `name` names one without header text. */
export function scrollableTables({ name }: { name: string }) {
  const wrap = (node: Nodes) => {
    if (!('children' in node) || !blockParents.has(node.type)) return;
    node.children.forEach((child, i) => {
      if (child.type === 'table') node.children[i] = region(child, name);
      else wrap(child);
    });
  };
  return (tree: Root) => wrap(tree);
}
