/** API texts of this domain (add entries here; all-messages.ts picks them up). */
export const catalogueMessages = {
  homeLoaded: 'Home page',
  videoLoaded: 'Video',
  tagLoaded: 'Videos tagged with this category',
  searchDone: 'Search results',
  searchTooLong: 'Search terms must be at most 100 characters.',
} as const;
