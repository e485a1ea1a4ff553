/**
 * Texts of the /admin/videos screen that the spec leaves to us (its own texts are in admin-ui.ts
 * and validation.ts). Kept apart so the spec's list stays word for word.
 */
export const adminVideosUiMessages = {
  layoutLoadFailed: 'There was an error loading the layout.',
  layoutEmpty: 'The layout has no categories yet. Add one with + Add Category.',
  layoutUnsaved: 'Unsaved changes: press Update Layout to publish this order.',
  layoutUnsavedLeave:
    'Your changes to the home page layout are not published yet. They will be lost if you leave.',
  layoutFull: 'The layout can hold at most 50 categories',
  layoutInstructions:
    'Drag a row by its handle to reorder. With the keyboard: Space or Enter on the handle picks ' +
    'it up, the Up and Down arrows move it, Space or Enter drops it, Escape cancels.',
  tagAlreadyInLayout: 'This tag is already in the layout',
  tagSuggestionsFailed: 'There was an error loading the tags.',
  noTagsMatch: 'No existing tag matches.',
  featuredLoadFailed: 'There was an error loading the featured video.',
  featuredNotInCatalogue: 'This link is not a video of the catalogue yet.',
  searchFailed: 'There was an error loading the videos.',
  deleteVideoButton: 'Delete Video',
} as const;
