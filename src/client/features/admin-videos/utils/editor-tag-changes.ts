import type { Tag } from '@shared/schemas/catalogue.js';

/** In the editor a tag with id -1 is not saved yet. */
export const UNSAVED_TAG_ID = -1;

/**
 * Tag edits on a video: three lists beside the tags the video has on the server.
 * `create` holds names to create, `add` existing tags to attach, `remove` saved tags to detach.
 */
export interface TagChanges {
  saved: readonly Tag[];
  create: readonly string[];
  add: readonly Tag[];
  remove: readonly Tag[];
}

export type TagChange = 'added' | 'restored' | 'removed' | 'alreadyThere' | 'none';

/** Tag names match whatever their case or surrounding spaces, as the server matches them. */
export function sameTagName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

export function startTagChanges(saved: readonly Tag[]): TagChanges {
  return { saved, create: [], add: [], remove: [] };
}

/** The chips: saved tags not being removed, then existing tags to add, then new names (id -1). */
export function shownTags(changes: TagChanges): Tag[] {
  const removed = new Set(changes.remove.map((tag) => tag.id));
  return [
    ...changes.saved.filter((tag) => !removed.has(tag.id)),
    ...changes.add,
    ...changes.create.map((name) => ({ id: UNSAVED_TAG_ID, name })),
  ];
}

export function hasTagChanges(changes: TagChanges): boolean {
  return changes.create.length + changes.add.length + changes.remove.length > 0;
}

/** The saved tag of that name, for a typed name that needs no lookup. */
export function savedTagNamed(changes: TagChanges, name: string): Tag | undefined {
  return changes.saved.find((tag) => sameTagName(tag.name, name));
}

/** What adding `tag` would do, so the screen can say it. */
export function describeAdd(changes: TagChanges, tag: Tag): TagChange {
  if (tag.name.trim() === '') return 'none';
  const next = addTag(changes, tag);
  if (next === changes) return 'alreadyThere';
  return next.remove.length < changes.remove.length ? 'restored' : 'added';
}

/**
 * Adds an existing tag (its id) or a new name (id -1). Re-adding a saved tag that was removed
 * undoes the removal; a name already shown changes nothing. Returns `changes` itself when nothing
 * changes.
 */
export function addTag(changes: TagChanges, tag: Tag): TagChanges {
  const name = tag.name.trim();
  if (name === '') return changes;
  const removed =
    tag.id === UNSAVED_TAG_ID
      ? changes.remove.find((saved) => sameTagName(saved.name, name))
      : changes.remove.find((saved) => saved.id === tag.id);
  if (removed) {
    return { ...changes, remove: changes.remove.filter((saved) => saved.id !== removed.id) };
  }
  const shown = shownTags(changes);
  if (tag.id === UNSAVED_TAG_ID) {
    if (shown.some((other) => sameTagName(other.name, name))) return changes;
    return { ...changes, create: [...changes.create, name] };
  }
  if (shown.some((other) => other.id === tag.id)) return changes;
  // A pending new name that turns out to be this existing tag becomes the tag itself.
  const create = changes.create.filter((other) => !sameTagName(other, tag.name));
  if (create.length === changes.create.length && shown.some((o) => sameTagName(o.name, name))) {
    return changes;
  }
  return { ...changes, create, add: [...changes.add, { id: tag.id, name: tag.name }] };
}

/**
 * Removes a chip: an unsaved name only leaves the new list, an existing tag not saved yet leaves
 * the add list, and a saved tag goes on the delete list.
 */
export function removeTag(changes: TagChanges, tag: Tag): TagChanges {
  if (tag.id === UNSAVED_TAG_ID) {
    return { ...changes, create: changes.create.filter((name) => !sameTagName(name, tag.name)) };
  }
  if (changes.add.some((added) => added.id === tag.id)) {
    return { ...changes, add: changes.add.filter((added) => added.id !== tag.id) };
  }
  const saved = changes.saved.find((other) => other.id === tag.id);
  if (!saved || changes.remove.some((removed) => removed.id === tag.id)) return changes;
  return { ...changes, remove: [...changes.remove, saved] };
}

/**
 * The video's tags once every change is saved: `created` are the server's answers to the new
 * names (a name the server matched to an existing tag comes back as that tag).
 */
export function tagsAfterSave(changes: TagChanges, created: readonly Tag[]): Tag[] {
  const result: Tag[] = [];
  const seen = new Set<number>();
  const shown = shownTags(changes).filter((tag) => tag.id !== UNSAVED_TAG_ID);
  for (const tag of [...shown, ...created]) {
    if (seen.has(tag.id)) continue;
    seen.add(tag.id);
    result.push({ id: tag.id, name: tag.name });
  }
  return result;
}
