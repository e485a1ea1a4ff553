/**
 * Texts of the back-office artist screens that the spec leaves to us (its own texts are in
 * admin-ui.ts and validation.ts). Kept apart so the spec's list stays word for word.
 */
export const adminArtistsUiMessages = {
  featuredLoadFailed: 'There was an error loading the featured artists.',
  noFeaturedArtists: 'No featured artists yet. Mark an artist Featured to show it here.',
  listLoadFailed: 'There was an error loading the artists.',
  artistLoadFailed: 'There was an error loading this artist.',
  imagePathInvalid: 'Enter an image address that starts with http://, https:// or /',
  featuredLegend: 'Artist page placement',
  deleteArtistButton: 'Delete Artist',
} as const;
