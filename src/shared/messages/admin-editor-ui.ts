/**
 * Texts of the video editor (/admin/newVideo, /admin/editVideo/{id}) that the spec leaves to us.
 * The spec's own texts are in admin-ui.ts, validation.ts and api.ts.
 */
export const adminEditorUiMessages = {
  newTitle: 'New Video',
  editTitle: 'Edit Video',
  loadFailed: 'There was an error loading this video. Please try again later.',
  linkRequired: 'Paste the YouTube link of the video first.',
  findFirst: 'Press Find Video to import this video before publishing it.',
  linkChanged:
    'The link names another video. Press Find Video to import it, or put back the link of this video.',
  episodeHint: 'Tick "No episode number" for a video outside the numbered episodes.',
  noEpisodeNumber: 'No episode number',
  episodeNumberInvalid: 'Episode Number must be a whole number of 0 or more.',
  unsavedTitle: 'Leave without saving?',
  unsavedText: 'Your changes to this video are not published yet. They will be lost if you leave.',
  unsavedStay: 'Stay',
  unsavedLeave: 'Leave',
  tagsHint: 'Tag changes are saved when you press Publish.',
  tagSuggestionsFailed: 'Tag suggestions could not be loaded.',
  noTags: 'No tags yet.',
  noVideoYet: 'Find a video by its YouTube link to see it here.',
  noThumbnail: 'No preview image',
  publishAtLabel: 'Publish automatically at',
  publishAtHint: (timeZone: string) =>
    `Optional. At this time (${timeZone.replaceAll('_', ' ')} time) the video turns Public by itself. Leave empty to keep it Private.`,
} as const;

/** What the editor's live region says after a tag change. */
export const tagAnnouncements = {
  added: (name: string) => `Tag ${name} added.`,
  restored: (name: string) => `Tag ${name} kept.`,
  removed: (name: string) => `Tag ${name} removed.`,
  alreadyThere: (name: string) => `${name} is already on this video.`,
} as const;
