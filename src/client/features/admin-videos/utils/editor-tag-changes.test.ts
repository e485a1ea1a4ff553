import { describe, expect, it } from 'vitest';
import {
  addTag,
  describeAdd,
  hasTagChanges,
  removeTag,
  shownTags,
  startTagChanges,
  tagsAfterSave,
  UNSAVED_TAG_ID,
} from './editor-tag-changes.js';

const country = { id: 1, name: 'Country' };
const live = { id: 2, name: 'Live' };
const bluegrass = { id: 3, name: 'Bluegrass' };
const fresh = (name: string) => ({ id: UNSAVED_TAG_ID, name });

describe('tag edits on a video', () => {
  it('starts from the saved tags with three empty lists', () => {
    const changes = startTagChanges([country, live]);
    expect(shownTags(changes)).toEqual([country, live]);
    expect(changes).toMatchObject({ create: [], add: [], remove: [] });
    expect(hasTagChanges(changes)).toBe(false);
  });

  it('puts a new name on the new list and an existing tag on the add list', () => {
    let changes = startTagChanges([country]);
    changes = addTag(changes, fresh('  Honky Tonk '));
    changes = addTag(changes, bluegrass);
    expect(changes.create).toEqual(['Honky Tonk']);
    expect(changes.add).toEqual([bluegrass]);
    expect(shownTags(changes)).toEqual([country, bluegrass, fresh('Honky Tonk')]);
    expect(hasTagChanges(changes)).toBe(true);
  });

  it('ignores empty names and names already shown, whatever their case', () => {
    const start = addTag(startTagChanges([country]), fresh('Honky Tonk'));
    expect(addTag(start, fresh('   '))).toBe(start);
    expect(addTag(start, fresh('COUNTRY'))).toBe(start);
    expect(addTag(start, fresh('honky tonk'))).toBe(start);
    expect(addTag(start, country)).toBe(start);
    expect(describeAdd(start, fresh('country'))).toBe('alreadyThere');
    expect(describeAdd(start, fresh(' '))).toBe('none');
    expect(describeAdd(start, live)).toBe('added');
  });

  it('turns a pending new name into the existing tag of that name', () => {
    const changes = addTag(addTag(startTagChanges([]), fresh('bluegrass')), bluegrass);
    expect(changes.create).toEqual([]);
    expect(changes.add).toEqual([bluegrass]);
  });

  it('removing an unsaved tag only drops it from the new list', () => {
    const changes = removeTag(addTag(startTagChanges([country]), fresh('Honky Tonk')), {
      id: UNSAVED_TAG_ID,
      name: 'honky tonk',
    });
    expect(changes).toMatchObject({ create: [], add: [], remove: [] });
  });

  it('removing an existing tag not saved yet drops it from the add list', () => {
    const changes = removeTag(addTag(startTagChanges([country]), live), live);
    expect(changes).toMatchObject({ create: [], add: [], remove: [] });
  });

  it('removing a saved tag puts it on the delete list, once', () => {
    let changes = removeTag(startTagChanges([country, live]), live);
    changes = removeTag(changes, live);
    expect(changes.remove).toEqual([live]);
    expect(shownTags(changes)).toEqual([country]);
    expect(removeTag(changes, bluegrass)).toBe(changes);
  });

  it('re-adding a removed saved tag, by id or by name, undoes the removal', () => {
    const removed = removeTag(startTagChanges([country, live]), live);
    expect(describeAdd(removed, fresh('LIVE'))).toBe('restored');
    for (const again of [addTag(removed, live), addTag(removed, fresh('LIVE'))]) {
      expect(again).toMatchObject({ create: [], add: [], remove: [] });
      expect(shownTags(again)).toEqual([country, live]);
    }
  });

  it('after saving, the tags are the shown ones with the created tags in place of new names', () => {
    let changes = startTagChanges([country, live]);
    changes = removeTag(changes, live);
    changes = addTag(changes, bluegrass);
    changes = addTag(changes, fresh('Honky Tonk'));
    changes = addTag(changes, fresh('Fiddle'));
    const created = [
      { id: 50, name: 'Honky Tonk' },
      // The server matched this name to a tag already listed: it shows once.
      { id: 3, name: 'Bluegrass' },
    ];
    expect(tagsAfterSave(changes, created)).toEqual([
      country,
      bluegrass,
      { id: 50, name: 'Honky Tonk' },
    ]);
  });
});
