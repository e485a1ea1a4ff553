/** API texts of this domain (add entries here; all-messages.ts picks them up). */
export const artistsTagsMessages = {
  artistLetterInvalid: 'letter must be a single letter from A to Z',
  artistNameTaken: 'An artist with this name already exists',
  tagNameTaken: 'A tag with this name already exists',
  imagePathInvalid: 'Image URL must be an http or https URL, or a path on this site',
  tagNameRequired: 'Tag name is required',
  tagAdded: 'Tag added to the video',
  tagsAttached: 'Tags added to the video',
  tagsDetached: 'Tags removed from the video',
  layoutDuplicateTag: 'A tag can appear only once in the layout',
  layoutTooLong: 'The layout can hold at most 50 categories',
} as const;
