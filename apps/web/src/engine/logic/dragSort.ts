export type SortItem = { id: number | string; title: string };

/** Moves the dragged item to the position of the item it is over. */
export const moveItem = <T extends SortItem>(items: readonly T[], fromId: T['id'], toId: T['id']): T[] => {
  const from = items.findIndex((i) => i.id === fromId);
  const to = items.findIndex((i) => i.id === toId);
  if (from < 0 || to < 0 || from === to) return [...items];
  const out = [...items];
  const [moved] = out.splice(from, 1);
  out.splice(to, 0, moved!);
  return out;
};

/** Moves an item one step up (-1) or down (+1). */
export const stepItem = <T extends SortItem>(items: readonly T[], id: T['id'], step: -1 | 1): T[] => {
  const i = items.findIndex((x) => x.id === id);
  const j = i + step;
  if (i < 0 || j < 0 || j >= items.length) return [...items];
  return moveItem(items, id, items[j]!.id);
};
