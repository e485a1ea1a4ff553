import type { Tag } from '@shared/schemas/catalogue.js';

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

export const sameOrder = (a: readonly Tag[], b: readonly Tag[]) =>
  a.length === b.length && a.every((tag, index) => tag.id === b[index]?.id);

/** "Country, position 2 of 8": what the live region says about an item. */
export const positionText = (tags: readonly Tag[], id: number) => {
  const index = tags.findIndex((tag) => tag.id === id);
  return `${tags[index]?.name ?? ''}, position ${index + 1} of ${tags.length}`;
};
